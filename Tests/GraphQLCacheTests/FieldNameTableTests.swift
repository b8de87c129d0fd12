import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Decoding many rows with one `FieldNameTable` (as a SQLite load does) gives exactly the fields
/// decoding each row alone gives, whatever the names: lengths around the table's 16-byte limit,
/// names that differ only in a late byte or share a slot, non-ASCII and escaped names, and the
/// string scanner's word-at-a-time search for quotes, escapes, control and non-ASCII bytes.
@Suite struct FieldNameTableTests {
    private static let names = [
        "id", "__typename", "$referenc", "name", "a", "b", "ab", "ba", "abcdefgh", "abcdefgi", "abcdefghijklmnop",
        "abcdefghijklmnoq", "abcdefghijklmnopq", "abcdefghijklmnopr", "x1234567", "x1234568", "hero(episode:JEDI)",
        "ünï", "naïve", "K\u{212A}", "tab\there", "quo\"te", "back\\slash", "日本語のフィールド名", "é", "e\u{301}",
    ]

    /// The JSON of a record holding `fields` in order, written by hand so that keys may repeat.
    private func json(_ members: [(String, String)]) -> String {
        "{" + members.map { JSONValue.string($0.0).jsonText + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    private func decode(_ text: String, names: FieldNameTable?) throws -> [String: CacheValue] {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { try RecordJSON.decode(buffer: $0, key: "K", names: names) }
    }

    @Test func rowsDecodedWithOneTableEqualRowsDecodedAlone() throws {
        var generator = SplitMix(seed: 16)
        let table = FieldNameTable()
        for row in 0..<3_000 {
            let count = Int.random(in: 1...9, using: &generator)
            let members = (0..<count).map { index in
                (Self.names.randomElement(using: &generator)!, "\(row * 10 + index)")
            }
            let text = json(members)
            // Names equal as text but not as bytes (`é` precomposed and decomposed) cannot both
            // be kept: the row is refused, with or without the table.
            if Set(members.map { Array($0.0.utf8) }).count != Set(members.map(\.0)).count {
                #expect(throws: GraphQLCacheError.self) { try decode(text, names: nil) }
                #expect(throws: GraphQLCacheError.self) { try decode(text, names: table) }
                continue
            }
            let alone = try decode(text, names: nil)
            #expect(try decode(text, names: table) == alone, "\(text)")
            // A repeated key keeps its last value, with or without the table.
            let last = Dictionary(members.map { ($0.0, CacheValue.int(Int($0.1)!)) }, uniquingKeysWith: { $1 })
            #expect(alone == last, "\(text)")
        }
    }

    @Test func everyNameOfTheTableIsTheNameItsBytesSpell() {
        let table = FieldNameTable()
        var generator = SplitMix(seed: 7)
        let alphabet = Array("abAB01_$:.()é".utf8.filter { $0 < 0x80 })
        for _ in 0..<20_000 {
            let length = Int.random(in: 1...20, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
            let name = bytes.withUnsafeBufferPointer { table.name($0) }
            #expect(Array(name.utf8) == bytes)
        }
    }

    /// Strings of every length around the scanner's 8-byte words, with the byte that ends the
    /// plain run (quote, escape, control byte, non-ASCII) at every position.
    @Test func stringsWithASpecialByteAtEveryPositionReadBack() throws {
        for length in 0..<20 {
            for position in 0...length {
                for special in ["\\n", "é", "\\\"", "\\\\", "\\u0041", "日"] {
                    var text = String(repeating: "a", count: length)
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                    let fields = try decode("{\"k\":\"\(text)\",\"\(text)\":1}", names: FieldNameTable())
                    let expected = try decode("{\"k\":\"\(text)\"}", names: nil)["k"]
                    #expect(fields["k"] == expected, "\(text)")
                    guard case .string(let value)? = expected else { Issue.record("\(text)"); continue }
                    #expect(fields[value] == .int(1), "\(text)")
                }
            }
        }
    }

    @Test func aControlByteOrBadUTF8InsideALongStringIsStillAnError() {
        for position in 0..<20 {
            var bytes = Array("{\"k\":\"\(String(repeating: "a", count: 20))\"}".utf8)
            bytes[6 + position] = 0x01
            #expect(throws: GraphQLCacheError.self) {
                try bytes.withUnsafeBufferPointer { try RecordJSON.decode(buffer: $0, key: "K", names: FieldNameTable()) }
            }
            bytes[6 + position] = 0xFF
            #expect(throws: GraphQLCacheError.self) {
                try bytes.withUnsafeBufferPointer { try RecordJSON.decode(buffer: $0, key: "K", names: FieldNameTable()) }
            }
        }
    }
}
