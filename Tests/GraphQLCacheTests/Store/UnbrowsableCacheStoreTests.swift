import CacheTestSupport
import Testing
@testable import GraphQLCache

/// A store over a cache that has only `NormalizedCache`'s six requirements (a third party's
/// cache that cannot list its keys): everything works, and a removal by pattern or a clear
/// still removes every matching record at commit: the transaction answers with the keys it
/// loaded, and the committed change names every key the cache reports removed.
@Suite struct UnbrowsableCacheStoreTests {
    /// Apollo-sized: load, merge, remove, remove matching, clear, atomically; no listing. It
    /// keeps its records in an in-memory cache that the test inspects.
    private final class MinimalCache: InMemoryBackedCache, @unchecked Sendable {}

    private let droids = [Record(key: "Droid:2000", ["name": .string("C-3PO")]),
                          Record(key: "Droid:2001", ["name": .string("R2-D2")]),
                          Record(key: "Human:1000", ["name": .string("Luke")])]

    @Test func aPatternRemovalRemovesEveryMatchAndReportsTheKeysTheTransactionLoaded() throws {
        let cache = MinimalCache(droids)
        let store = CacheStore(cache: cache)
        let (recorder, subscription) = ChangeRecorder.subscribed(to: store)
        defer { subscription.cancel() }
        let removed = try store.withinReadWriteTransaction { transaction in
            _ = try transaction.loadRecord(forKey: "Droid:2001")
            let removed = try transaction.removeRecords(matching: "droid")
            #expect(try transaction.loadRecords(forKeys: ["Droid:2000", "Droid:2001"]).isEmpty)
            return removed
        }
        #expect(removed == ["Droid:2001"])
        #expect(try cache.records.keys(matching: nil, offset: 0, limit: 10) == ["Human:1000"])
        // The committed change names every record the cache's removal deleted (issue 25,
        // finding 10), not only those the transaction had loaded.
        #expect(recorder.all.first?.removedRecords == ["Droid:2000", "Droid:2001"])
    }

    @Test func aClearRemovesEveryRecord() throws {
        let cache = MinimalCache(droids)
        let store = CacheStore(cache: cache)
        try store.withinReadWriteTransaction { transaction in
            try transaction.clear()
            #expect(try transaction.loadRecord(forKey: "Human:1000") == nil)
        }
        #expect(try cache.records.recordCount() == 0)
    }
}
