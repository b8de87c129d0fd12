import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// The byte search behind `cachelens_may_reference` (finding the records that point at a key)
/// against a plain search, on random texts over a small alphabet so that partial matches and
/// overlaps are common.
@Suite struct MayReferenceFunctionTests {
    @Test func theByteSearchFindsExactlyWhatAPlainSearchFinds() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("ab\\u\"".utf8)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let needle = (0..<Int.random(in: 1...4, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let expected = text.count >= needle.count && (0...(text.count - needle.count)).contains { Array(text[$0..<($0 + needle.count)]) == needle }
            let found = text.withUnsafeBytes { bytes in
                needle.withUnsafeBytes { wanted in
                    SQLiteConnection.contains(bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, bytes.count, wanted.baseAddress!, wanted.count)
                }
            }
            #expect(found == expected, "\(String(decoding: text, as: UTF8.self)) / \(String(decoding: needle, as: UTF8.self))")
        }
    }

    /// The folded search behind `cachelens_may_hold_folded` (what a removal by pattern would
    /// leave dangling) against a plain search of the lowercased texts. The alphabet holds both
    /// cases of two letters and `@`, `` ` ``, `[`, `{`, which differ from letters by the case
    /// bit alone, so that a fold of non-letters would show.
    @Test func theFoldedSearchFindsExactlyWhatACaseInsensitiveSearchOfASCIILettersFinds() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("abAB@`[{\\u".utf8)
        func lowered(_ bytes: [UInt8]) -> [UInt8] { bytes.map { (65...90).contains($0) ? $0 + 32 : $0 } }
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let needle = (0..<Int.random(in: 1...3, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let (plainText, plainNeedle) = (lowered(text), lowered(needle))
            let expected = text.count >= needle.count
                && (0...(text.count - needle.count)).contains { Array(plainText[$0..<($0 + needle.count)]) == plainNeedle }
            let found = text.withUnsafeBytes { bytes in
                needle.withUnsafeBytes { wanted in
                    SQLiteConnection.containsFolded(bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, bytes.count, wanted.baseAddress!, wanted.count)
                }
            }
            #expect(found == expected, "\(String(decoding: text, as: UTF8.self)) / \(String(decoding: needle, as: UTF8.self))")
        }
    }

    /// A text holding `k`, `;` or `` ` `` may match a value holding KELVIN SIGN or another
    /// non-ASCII character that folds to it: `cachelens_may_hold_folded` keeps such rows when
    /// they hold any non-ASCII byte, and only then.
    @Test func aTextWithALetterANonASCIICharacterFoldsToKeepsRowsWithNonASCIIBytes() {
        for (text, expected) in [("kenobi", true), ("KENOBI", true), ("a;b", true), ("obi", false)] {
            #expect(text.utf8.withContiguousStorageIfAvailable { SQLiteConnection.holdsCharacterReachedFromNonASCII($0.baseAddress!, $0.count) } == expected, "\(text)")
        }
        for (row, expected) in [("\u{212A}enobi", true), ("plain", false), ("é", true)] {
            #expect(row.utf8.withContiguousStorageIfAvailable { SQLiteConnection.containsNonASCII($0.baseAddress!, $0.count) } == expected, "\(row)")
        }
    }

    /// The switch the function asks for every row says what the library's set says, for every
    /// byte in either case.
    @Test func theBytesReachedFromNonASCIIAreTheLibrarysSet() {
        for byte in UInt8.min...UInt8.max {
            let lowered = (65...90).contains(byte) ? byte + 32 : byte
            #expect(SQLiteConnection.isReachedFromNonASCII(byte) == KeyPattern.asciiBytesReachedFromNonASCII.contains(lowered), "\(byte)")
        }
    }
}
