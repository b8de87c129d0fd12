import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// An app re-saving its records (every row rewritten, or replaced under the same key) leaves the
/// explorer's key listing as it is: the keys are not read again after each such commit. A commit
/// that adds or removes keys has them added to or removed from the listing, which is not read
/// again either (ten million keys took two seconds of both cores after each such commit).
@Suite struct ExternalRewriteListingTests {
    static func file(_ directory: TemporaryDirectory) throws -> (String, SQLiteNormalizedCache, CacheStore) {
        let path = directory.path("app.sqlite")
        let rows = (0..<50).map { ("Item:\($0)", #"{"__typename":"Item","name":"Item \#($0)"}"#) }
        try SQLiteTestFile.apolloFile(at: path, rows: [("QUERY_ROOT", #"{"n":1}"#)] + rows)
        let cache = try SQLiteNormalizedCache(path: path)
        let store = CacheStore(cache: cache)
        try store.startTrackingExternalChanges()
        #expect(try cache.keys(matching: nil, offset: 0, limit: 5).count == 5)
        _ = try store.loadRecords(forKeys: ["Item:3"])
        return (path, cache, store)
    }

    static func listingIsCurrent(_ cache: SQLiteNormalizedCache) throws -> Bool {
        try cache.state.withLock { state in
            let version = try state.connection.dataVersion()
            return state.keys.withLock { $0.index != nil && $0.dataVersion == version }
        }
    }

    @Test func rewritingAndReplacingEveryRowKeepsTheListing() throws {
        let directory = try TemporaryDirectory()
        let (path, cache, store) = try Self.file(directory)
        try SQLiteTestFile.run(#"""
            UPDATE records SET record = '{"__typename":"Item","name":"renamed"}' WHERE key LIKE 'Item:%';
            INSERT OR REPLACE INTO records (key, record) VALUES ('Item:3', '{"__typename":"Item","name":"three"}');
            INSERT OR REPLACE INTO records (key, record) VALUES ('Item:40', '{"__typename":"Item","name":"forty"}');
            """#, at: path)
        // The screen draws before the poll looks: the listing waits for the look's judgement.
        #expect(try cache.keys(matching: nil, offset: 0, limit: 5).count == 5)
        #expect(try !Self.listingIsCurrent(cache), "the keys were not read again before the look")
        #expect(try store.pollExternalChanges() != nil)
        #expect(try Self.listingIsCurrent(cache), "the same keys: the listing stays")
        #expect(try cache.keyCount(matching: nil) == 51)
    }

    @Test(arguments: [
        #"INSERT INTO records (key, record) VALUES ('Item:new', '{"name":"new"}')"#,
        "DELETE FROM records WHERE key = 'Item:44'",
        "DELETE FROM records WHERE key = 'Item:3'",
        #"DELETE FROM records WHERE key LIKE 'Item:1%'; INSERT INTO records (key, record) VALUES ('Item:10', '{}'), ('Item:100', '{}'), ('Item:1.5', '{}')"#,
        #"DELETE FROM records WHERE key = 'Item:44'; INSERT INTO records (key, record) VALUES ('Item:new', '{"name":"new"}')"#,
    ])
    func aCommitThatAddsOrRemovesKeysChangesTheListingInPlace(_ sql: String) throws {
        let directory = try TemporaryDirectory()
        let (path, cache, store) = try Self.file(directory)
        try SQLiteTestFile.run(sql, at: path)
        _ = try store.pollExternalChanges()
        #expect(try Self.listingIsCurrent(cache), "the keys added and removed were applied to the listing")
        let keys = try cache.keys(matching: nil, offset: 0, limit: 100).map(\.rawValue)
        let file = try SQLiteTestFile.storedRows(at: path).keys.sorted(by: NaturalOrder.precedes)
        #expect(keys == file)
        #expect(keys.contains("Item:new") == sql.contains("Item:new"))
        #expect(!keys.contains("Item:44") == sql.contains("'Item:44'"))
        #expect(!keys.contains("Item:3") == sql.contains("'Item:3'"))
    }
}
