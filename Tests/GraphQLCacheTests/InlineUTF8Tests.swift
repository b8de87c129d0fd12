import Testing
@testable import GraphQLCache

/// `InlineUTF8` reads exactly a string's bytes from its two words, or declines; the encoder
/// writes strings read that way exactly as it writes any other.
@Suite struct InlineUTF8Tests {
    /// The bytes `read` holds, from its words.
    private static func bytes(_ read: InlineUTF8) -> [UInt8] {
        withUnsafeBytes(of: (read.low, read.high)) { Array($0.prefix(read.count)) }
    }

    /// On the 64-bit little-endian platforms CacheLens runs on, the layout holds, so the fast
    /// path is taken; this fails if a standard library lays small strings out otherwise.
    @Test func theLayoutHoldsOnThisPlatform() {
        #if _pointerBitWidth(_64) && _endian(little)
        #expect(InlineUTF8.layoutHolds)
        #else
        #expect(!InlineUTF8.layoutHolds)
        #endif
    }

    @Test func stringsOfUpToFifteenBytesAreReadAsTheirBytes() throws {
        try #require(InlineUTF8.layoutHolds)
        let pieces = ["a", "Z", "é", "\u{0}", "\"", "\\", "\n", "9", "€", "_"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...15, using: &generator)
            var string = ""
            while string.utf8.count < length { string += pieces.randomElement(using: &generator)! }
            let read = InlineUTF8(string, layoutHolds: true)
            guard string.utf8.count <= 15 else {
                #expect(read == nil, "\(string.debugDescription)")
                continue
            }
            let inline = try #require(read, "\(string.debugDescription)")
            #expect(Self.bytes(inline) == Array(string.utf8), "\(string.debugDescription)")
            #expect(inline.isASCII == string.utf8.allSatisfy { $0 < 0x80 })
            #expect(inline.high >> 56 == 0)
        }
    }

    @Test func longStringsAndAClearedLayoutAreDeclined() {
        let long = String(repeating: "k", count: 16)
        #expect(InlineUTF8(long, layoutHolds: true) == nil)
        #expect(InlineUTF8(long + long + long, layoutHolds: true) == nil)
        #expect(InlineUTF8("short", layoutHolds: false) == nil)
    }

    /// Values and references of every length around the inline limit, with a byte that needs an
    /// escape at each position, encode as escaped JSON that reads back as the same record.
    @Test func stringValuesAndReferencesOfEveryLengthAreEscapedExactly() throws {
        let specials: [(text: String, escaped: String)] = [("\"", "\\\""), ("\\", "\\\\"), ("\t", "\\t"), ("\u{1F}", "\\u001f"), ("é", "é")]
        for length in 0..<18 {
            let plain = String(repeating: "v", count: length)
            #expect(RecordJSON.encodeString(["s": .string(plain)]) == #"{"s":""# + plain + #""}"#)
            for position in 0..<max(length, 1) {
                for special in specials {
                    let before = String(repeating: "a", count: position)
                    let after = String(repeating: "b", count: max(length - position - 1, 0))
                    let text = before + special.text + after
                    let escaped = before + special.escaped + after
                    let fields: [String: CacheValue] = ["r": .reference(CacheKey(text)), "s": .string(text),
                                                        "l": .list([.string(text)])]
                    let json = RecordJSON.encodeString(fields)
                    #expect(json == #"{"l":[""# + escaped + #""],"r":{"$reference":""# + escaped + #""},"s":""# + escaped + #""}"#,
                            "\(text.debugDescription)")
                    #expect(try RecordJSON.decode(json, key: "K") == fields)
                }
            }
        }
    }

    /// Strings made from their bytes (`asciiString`, as the parser makes short ASCII strings)
    /// are the standard library's own: equal, hashed alike, the same bytes and count, read back
    /// inline, one key with them in a dictionary, ordered alike; for every length up to 15 and
    /// bytes from NUL to DEL, at every offset of a buffer (the words are read unaligned).
    @Test func asciiStringsMadeFromTheirBytesAreTheStandardLibrarysOwn() throws {
        try #require(InlineUTF8.layoutHolds)
        var generator = SystemRandomNumberGenerator()
        for length in 0...15 {
            for offset in 0..<8 {
                for _ in 0..<40 {
                    let buffer = (0..<(offset + length)).map { _ in UInt8.random(in: 0...0x7F, using: &generator) }
                    let bytes = Array(buffer[offset...])
                    let expected = String(decoding: bytes, as: UTF8.self)
                    let made = buffer.withUnsafeBufferPointer { all in
                        String(knownASCII: UnsafeBufferPointer(rebasing: all[offset...]), inlineLayout: true)
                    }
                    #expect(made == expected)
                    #expect(made.hashValue == expected.hashValue)
                    #expect(Array(made.utf8) == bytes && made.utf8.count == length && made.count == expected.count)
                    #expect(InlineUTF8(made, layoutHolds: true).map(Self.bytes) == bytes)
                    var keyed = [expected: 1]
                    keyed[made] = 2
                    #expect(keyed.count == 1 && keyed[expected] == 2)
                    #expect((made < "m") == (expected < "m") && (made + "!") == (expected + "!"))
                }
            }
        }
        // Past 15 bytes, or where the layout does not hold, the string is made as any other.
        let long = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        #expect(long.withUnsafeBufferPointer { String(knownASCII: $0, inlineLayout: true) } == "abcdefghijklmnopqrstuvwxyz")
        #expect(long.prefix(5).withUnsafeBufferPointer { String(knownASCII: $0, inlineLayout: false) } == "abcde")
    }

    /// Bytes read from elsewhere (`String(utf8:)`, as the SQLite cache reads keys) make the
    /// string `String(decoding:as:)` makes, ASCII or not, valid UTF-8 or not, of every length
    /// around the 15 bytes kept inline.
    @Test func bytesOfAnyKindMakeTheStringDecodingMakes() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [Array("a".utf8), Array("é".utf8), Array("日".utf8), [0xFF], [0xC3], [0x00], [0x7F], Array("e\u{301}".utf8)]
        for length in 0...20 {
            for _ in 0..<60 {
                var bytes: [UInt8] = []
                while bytes.count < length { bytes += pieces.randomElement(using: &generator)! }
                let made = bytes.withUnsafeBufferPointer { String(utf8: $0) }
                let expected = String(decoding: bytes, as: UTF8.self)
                #expect(made == expected && Array(made.utf8) == Array(expected.utf8), "\(bytes)")
            }
        }
    }
}
