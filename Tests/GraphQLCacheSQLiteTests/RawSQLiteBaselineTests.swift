import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// The benchmark floor runs the cache's statements and agrees with the cache on the results.
@Suite struct RawSQLiteBaselineTests {
    @Test func baselineWritesRowsTheCacheReadsAndDeletesTheSameKeys() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("raw.sqlite")
        let raw = try RawSQLiteBaseline(path: path)
        let rows = (0..<700).map { (key: CacheKey("Item_\($0)"), json: RecordJSON.encode(["n": .int($0)])) }
        try raw.insert(rows)
        #expect(try raw.select(keys: rows.map(\.key) + ["Missing"]) == rows.reduce(0) { $0 + $1.json.count })
        let cache = try SQLiteNormalizedCache(path: path)
        #expect(try cache.loadRecord(forKey: "Item_699")?["n"] == .int(699))
        #expect(try raw.deleteMatching("item_69") == 11)
        #expect(try raw.deleteLike("ITEM_1") == 111)
        #expect(try cache.recordCount() == 700 - 11 - 111)
    }
}
