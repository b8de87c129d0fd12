import CacheTestSupport
import GraphQLCache
import Synchronization
import Testing
@testable import GraphQLCacheSQLite

/// Issue 25, finding 10: a removal by pattern reports what its DELETE deleted, also the rows
/// another process wrote after the store listed the matching keys.
@Suite struct RemovalUnderConcurrentWriteTests {
    @Test func rowsAnotherConnectionAddsBeforeTheDeleteAreReportedToSubscribers() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let store = CacheStore(cache: try SQLiteNormalizedCache(path: path))
        try store.merge(records: RecordSet(records: [Record(key: "Item:1", ["x": .int(1)]), Record(key: "Keep:1", ["x": .int(1)])]))
        let other = try SQLiteNormalizedCache(path: path)
        let heard = Mutex<Set<CacheKey>>([])
        let subscription = store.subscribe { change in heard.withLock { $0.formUnion(change.removedRecords) } }
        try store.withinReadWriteTransaction { transaction in
            _ = try transaction.removeRecords(matching: "Item")
            // Another process writes a matching row between the listing and the commit.
            try other.merge(records: RecordSet(records: [Record(key: "Item:2", ["x": .int(2)])]))
        }
        #expect(try other.loadRecord(forKey: "Item:2") == nil)
        #expect(heard.withLock { $0 } == ["Item:1", "Item:2"])
        _ = subscription
    }

    /// The store's own removal by pattern lists no keys first: its answer is what the DELETE
    /// deleted, also a row another process wrote just before it.
    @Test func theStoreAnswersWithTheKeysTheDeleteDeleted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        let other = try SQLiteNormalizedCache(path: path)
        try cache.merge(records: RecordSet(records: [Record(key: "Item:1", ["x": .int(1)])]))
        let store = CacheStore(cache: ListingHook(cache) {
            try other.merge(records: RecordSet(records: [Record(key: "Item:2", ["x": .int(2)])]))
        })
        #expect(try store.removeRecords(matching: "Item") == ["Item:1", "Item:2"])
        #expect(try cache.recordCount() == 0)
    }
}

/// A SQLite cache that runs `hook` once, right after the store lists keys or, when the store
/// lists none, right before the DELETE: the moment another process's write lands before it.
private final class ListingHook: BrowsableNormalizedCache, @unchecked Sendable {
    private let base: SQLiteNormalizedCache
    private var hook: (() throws -> Void)?

    init(_ base: SQLiteNormalizedCache, hook: @escaping () throws -> Void) {
        self.base = base
        self.hook = hook
    }

    func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        let keys = try base.keys(matching: filter, offset: offset, limit: limit)
        try hook?()
        hook = nil
        return keys
    }

    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] { try base.loadRecords(forKeys: keys) }
    func merge(records: RecordSet) throws -> FieldChanges { try base.merge(records: records) }
    func removeRecord(for key: CacheKey) throws -> Bool { try base.removeRecord(for: key) }
    func removeRecords(matching pattern: String) throws -> Set<CacheKey> {
        try hook?()
        hook = nil
        return try base.removeRecords(matching: pattern)
    }
    func clear() throws { try base.clear() }
    func performAtomically<T>(_ body: () throws -> T) throws -> T { try base.performAtomically(body) }
    var appliesEachChangeAtomically: Bool { base.appliesEachChangeAtomically }
    func recordCount() throws -> Int { try base.recordCount() }
    func keyCount(matching filter: String?) throws -> Int { try base.keyCount(matching: filter) }
    func forEachRecord(_ body: (ScannedRow) throws -> Void) throws { try base.forEachRecord(body) }
}
