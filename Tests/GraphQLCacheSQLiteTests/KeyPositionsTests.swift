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

    @Test func aRepeatedKeyPointsAtItsFirstPosition() {
        let table = KeyPositions(["A", "B", "A"])
        #expect(table.position(of: "A") == 0)
        #expect(table.position(of: "B") == 1)
    }

    @Test func anEmptyListFindsNothing() {
        #expect(KeyPositions([]).position(of: "A") == nil)
    }
}
