import GraphQLCache
import Testing

/// `byteSearchFindsEveryMatch` lets the SQLite cache scan with plain `LIKE`: it holds only if no
/// non-ASCII character, folded, equals an ASCII character outside `asciiBytesReachedFromNonASCII`.
@Suite struct KeyPatternByteSearchTests {
    @Test func everyNonASCIIScalarThatFoldsToAnASCIICharacterIsListed() {
        // `Character` hashes its canonical form, so a lookup finds equivalent spellings too.
        let ascii = Dictionary(uniqueKeysWithValues: (0..<128).map { (Character(Unicode.Scalar(UInt8($0))), UInt8($0)) })
        var reached = Set<UInt8>()
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for character in KeyPattern.fold(String(Character(scalar))) {
                if let byte = ascii[character] { reached.insert(byte) }
            }
        }
        #expect(reached == KeyPattern.asciiBytesReachedFromNonASCII)
    }

    @Test func aPatternWithALetterANonASCIICharacterFoldsToNeedsTheFullTest() {
        #expect(KeyPattern("item:1").byteSearchFindsEveryMatch)
        #expect(!KeyPattern("kel").byteSearchFindsEveryMatch)
        #expect(!KeyPattern("KEL").byteSearchFindsEveryMatch)
        #expect(!KeyPattern("a;b").byteSearchFindsEveryMatch)
        #expect(!KeyPattern("é").byteSearchFindsEveryMatch)
        #expect(!KeyPattern("").byteSearchFindsEveryMatch)
    }

    @Test func aByteSearchOnAKelvinKeyWouldMissWhatTheFullTestFinds() {
        #expect(KeyPattern("kel").matches("Temp:\u{212A}elvin"))
        #expect(KeyPattern("item:1").matches("Ünï:item:1"))
        #expect(!KeyPattern("item:1").matches("Item:1\u{301}"))
    }
}
