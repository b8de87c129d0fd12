import Testing
@testable import GraphQLCache

/// `FieldOrder` walks a record's fields in exactly Swift's `<` order of their keys, the order
/// record JSON has always been written in: keys that share their first eight bytes, keys of
/// every length around the word sizes it reads, bytes such as NUL, keys that are not ASCII (where
/// Swift's order is not byte order), and records wider than its insertion sort.
@Suite struct FieldOrderTests {
    /// The keys in the order `forEach` gives them, checked to be the same whether inline keys
    /// are read from their words or from their bytes, with the same prefix and written form.
    private static func walked(_ fields: [String: CacheValue]) -> [String] {
        var walks: [[FieldOrder.Member]] = []
        for inlineStrings in [InlineUTF8.layoutHolds, false] {
            var members: [FieldOrder.Member] = []
            FieldOrder.forEach(inKeyOrder: fields, inlineStrings: inlineStrings) { rank, member in
                #expect(rank == members.count)
                #expect(fields[member.key] == member.value)
                members.append(member)
            }
            walks.append(members)
        }
        #expect(walks[0].map(\.key) == walks[1].map(\.key))
        for (fromWords, fromBytes) in zip(walks[0], walks[1]) {
            #expect(fromWords.prefix == fromBytes.prefix, "\(fromWords.key.debugDescription)")
            // Read from bytes, only keys of up to eight bytes are written from words.
            if fromBytes.wordCount > 0 { #expect(fromWords.wordCount == fromBytes.wordCount) }
        }
        return walks[0].map(\.key)
    }

    private static func fields(_ keys: [String]) -> [String: CacheValue] {
        Dictionary(keys.enumerated().map { ($1, .int($0)) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func keysOfEveryLengthAndSharedPrefixesComeInSwiftsOrder() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab_(:)\u{0}zA9\"".unicodeScalars)
        for _ in 0..<2_000 {
            let count = Int.random(in: 0...12, using: &generator)
            let stem = String(String.UnicodeScalarView((0..<Int.random(in: 0...10, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)! }))
            let keys = (0..<count).map { _ in
                stem + String(String.UnicodeScalarView((0..<Int.random(in: 0...12, using: &generator)).map { _ in
                    alphabet.randomElement(using: &generator)! }))
            }
            let fields = Self.fields(keys)
            #expect(Self.walked(fields) == fields.keys.sorted(), "\(keys)")
        }
    }

    @Test func namesAroundTheWordSizesAndNULBytesComeInSwiftsOrder() {
        let keys = ["", "a", "ab", "abc", "abcd", "abcde", "abcdefg", "abcdefgh", "abcdefghi", "abcdefgh\u{0}",
                    "ab\u{0}", "ab\u{0}\u{0}", "abcdefghijklmnop", "abcdefghijklmnoq", "abcdefghijklmnopq",
                    "hero(episode:JEDI)", "hero(episode:EMPIRE)", "__typename", "__typenam"]
        let fields = Self.fields(keys)
        #expect(Self.walked(fields) == keys.sorted())
    }

    @Test func keysThatAreNotASCIIComeInSwiftsOrderNotByteOrder() {
        // "e" + U+0301 is "é" to Swift, which sorts after "f"; its bytes sort before.
        let keys = ["f", "e\u{301}", "é2", "a", "Ω", "z"]
        let fields = Self.fields(keys)
        #expect(Self.walked(fields) == fields.keys.sorted())
        #expect(Self.walked(fields).firstIndex(of: "f")! < Self.walked(fields).firstIndex(of: "e\u{301}")!)
    }

    @Test func aRecordWiderThanTheInsertionSortComesInSwiftsOrder() {
        let keys = (0..<500).map { "field\(($0 * 7_919) % 500)" } + (0..<40).map { "é\($0)" }
        let fields = Self.fields(keys)
        #expect(fields.count > FieldOrder.insertionSortLimit)
        #expect(Self.walked(fields) == fields.keys.sorted())
        let ascii = Self.fields((0..<100).map { "key\($0)" })
        #expect(Self.walked(ascii) == ascii.keys.sorted())
    }

    /// Keys of up to fifteen bytes that need no escape are written from their words; a key that
    /// needs one, at any position and length up to and past that size, is still escaped.
    @Test func shortKeysAreWrittenWholeAndKeysNeedingEscapesAreEscaped() throws {
        let specials: [(text: String, escaped: String)] = [("\"", "\\\""), ("\\", "\\\\"), ("\n", "\\n"), ("\u{0}", "\\u0000"), ("é", "é")]
        for length in 0..<18 {
            let plain = String(repeating: "k", count: length)
            #expect(RecordJSON.encodeString([plain: .int(1), "z": .null]) == #"{""# + plain + #"":1,"z":null}"#)
            for position in 0..<max(length, 1) {
                for special in specials {
                    let before = String(repeating: "a", count: position)
                    let after = String(repeating: "b", count: max(length - position - 1, 0))
                    let key = before + special.text + after
                    let json = RecordJSON.encodeString([key: .int(2)])
                    #expect(json == #"{""# + before + special.escaped + after + #"":2}"#, "\(key.debugDescription)")
                    #expect(try RecordJSON.decode(json, key: "K") == [key: .int(2)])
                }
            }
        }
    }
}
