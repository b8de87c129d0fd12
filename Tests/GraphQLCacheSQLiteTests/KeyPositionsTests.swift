import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// The merge's key table finds every key at its position and nothing else, whatever the keys'
/// lengths, bytes and equivalences.
@Suite struct KeyPositionsTests {
    @Test func everyKeyIsFoundAtItsPositionAndOthersAreNot() {
        var keys = (0..<5_000).map { CacheKey("Item:\($0)") }
        keys += ["", "a", "QUERY_ROOT", "QUERY_ROOT.hero(episode:JEDI)", "é", "e\u{301}x", "😀😀😀😀😀😀😀😀😀",
                 CacheKey(String(repeating: "long key ", count: 40))]
        let table = KeyPositions(keys)
        for (position, key) in keys.enumerated() { #expect(table.position(of: key) == position, "\(key)") }
        for missing in ["Item:5000", "item:1", "Item:1 ", "Item:", "QUERY_ROOT.hero", "b", "😀"] {
            #expect(table.position(of: CacheKey(missing)) == nil, "\(missing)")
        }
    }

    /// A key of up to fifteen bytes is usually stored inline and hashed from its words; the
    /// same bytes held out of line (a string that grew from a reserved buffer, as a decoder may
    /// make it) must hash alike, or a row would not find its record.
    @Test func keysAreFoundWhetherTheirBytesAreInlineOrNot() throws {
        func outOfLine(_ text: String) -> CacheKey {
            var grown = String()
            grown.reserveCapacity(64)
            grown += text
            return CacheKey(grown)
        }
        let texts = ["", "a", "Item:1", "Item:123", "Item:1234", "QUERY_ROOT.ab", "fifteen bytes!!", "sixteen bytes!!!", "é"]
        try #require(InlineUTF8("Item:1", layoutHolds: InlineUTF8.layoutHolds) != nil || !InlineUTF8.layoutHolds)
        #expect(InlineUTF8(outOfLine("Item:1").rawValue, layoutHolds: true) == nil)
        let inlineTable = KeyPositions(texts.map { CacheKey($0) })
        let outOfLineTable = KeyPositions(texts.map(outOfLine))
        for (position, text) in texts.enumerated() {
            #expect(inlineTable.position(of: outOfLine(text)) == position, "\(text)")
            #expect(outOfLineTable.position(of: CacheKey(text)) == position, "\(text)")
        }
    }

    @Test func aRepeatedKeyPointsAtItsFirstPosition() {
        let table = KeyPositions(["A", "B", "A"])
        #expect(table.position(of: "A") == 0)
        #expect(table.position(of: "B") == 1)
    }

    @Test func anEmptyListFindsNothing() {
        #expect(KeyPositions([]).position(of: "A") == nil)
    }
}
