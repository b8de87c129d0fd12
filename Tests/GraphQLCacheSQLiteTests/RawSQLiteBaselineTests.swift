import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing
import SQLiteBaseline

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

    @Test func theScanFloorsFindWhatTheValueSearchFindsAndReadEveryRow() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("raw.sqlite")
        let raw = try RawSQLiteBaseline(path: path)
        let rows = (0..<300).map { (key: CacheKey("Item:\($0)"), json: RecordJSON.encode(["name": .string("Item \($0)")])) }
        try raw.insert(rows)
        let cache = try SQLiteNormalizedCache(path: path)
        let search = ValueSearch(text: "item 2")
        var found = 0
        try cache.forEachRecord { if case .record(let record) = $0, search.matches(record) { found += 1 } }
        // Item 2, Item 20…29, Item 200…299.
        #expect(found == 111)
        #expect(try raw.keysContaining("item 2") == found)
        #expect(try raw.scanAll() == rows.reduce(0) { $0 + $1.key.rawValue.utf8.count + $1.json.count })
    }

    /// The gc floor finds every reference the records hold: the bytes it counts are the keys'
    /// and every referenced key's.
    @Test func theReferenceScanFloorFindsEveryReference() throws {
        let directory = try TemporaryDirectory()
        let raw = try RawSQLiteBaseline(path: directory.path("raw.sqlite"))
        let records = (0..<200).map { index in
            Record(key: CacheKey("Item:\(index)"), ["owner": .reference(CacheKey("User:\(index % 7)")), "price": .int(index),
                                                     "tags": .list([.reference("Tag:1"), .reference(CacheKey("Tag:\(index)"))])])
        }
        try raw.insert(records.map { (key: $0.key, json: RecordJSON.encode($0.fields)) })
        let keys = records.reduce(0) { $0 + $1.key.rawValue.utf8.count }
        let references = records.reduce(0) { $0 + $1.referencedKeys.reduce(0) { $0 + $1.rawValue.utf8.count } }
        #expect(try raw.scanReferences() == keys + references)
    }
}
