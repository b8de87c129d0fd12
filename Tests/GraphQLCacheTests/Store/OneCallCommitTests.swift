@testable import GraphQLCache
import Testing

/// A commit whose writes apply in one call on the cache (one removal, or one merge of every
/// patch) skips `performAtomically`; two calls or a `clear` keep it.
@Suite struct OneCallCommitTests {
    private static let record = Record(key: "Item:1", ["x": .int(1)])

    @Test func oneRemovalOrOneMergeAppliesInOneCall() {
        var overlay = TransactionOverlay()
        #expect(overlay.appliesInOneCall)
        _ = overlay.remove(matching: KeyPattern("item"), baseKeys: ["Item:1"])
        #expect(overlay.appliesInOneCall)

        var merged = TransactionOverlay()
        _ = merged.merge(Self.record, over: nil)
        _ = merged.merge(Record(key: "Item:2", ["x": .int(2)]), over: nil)
        #expect(merged.appliesInOneCall, "every patch goes in one merge")

        var removedByKey = TransactionOverlay()
        removedByKey.remove("Item:1", current: Self.record)
        #expect(removedByKey.appliesInOneCall)
    }

    @Test func twoCallsOrAClearNeedATransaction() {
        var both = TransactionOverlay()
        _ = both.remove(matching: KeyPattern("item"), baseKeys: ["Item:1"])
        _ = both.merge(Record(key: "User:1", ["x": .int(1)]), over: nil)
        #expect(!both.appliesInOneCall)

        var twoPatterns = TransactionOverlay()
        _ = twoPatterns.remove(matching: KeyPattern("item"), baseKeys: ["Item:1"])
        _ = twoPatterns.remove(matching: KeyPattern("user"), baseKeys: [])
        #expect(!twoPatterns.appliesInOneCall)

        var cleared = TransactionOverlay()
        _ = cleared.clear(baseKeys: ["Item:1"])
        #expect(!cleared.appliesInOneCall)
    }

    /// Through the store, a lone removal by pattern still reports and removes exactly its keys.
    @Test func aStoreRemovalByPatternCommitsAlone() throws {
        let cache = InMemoryNormalizedCache(records: RecordSet(records: [
            Self.record, Record(key: "ITEM:2", ["x": .int(2)]), Record(key: "User:1", ["x": .int(3)]),
        ]))
        let store = CacheStore(cache: cache)
        #expect(try store.removeRecords(matching: "item") == ["Item:1", "ITEM:2"])
        #expect(try cache.keys(matching: nil, offset: 0, limit: 10) == ["User:1"])
    }
}
