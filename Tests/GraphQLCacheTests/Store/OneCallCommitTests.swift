import CacheTestSupport
@testable import GraphQLCache
import Synchronization
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
        var changed = FieldChanges()
        merged.merge(Self.record, over: nil, into: &changed)
        merged.merge(Record(key: "Item:2", ["x": .int(2)]), over: nil, into: &changed)
        #expect(merged.appliesInOneCall, "every patch goes in one merge")

        var removedByKey = TransactionOverlay()
        removedByKey.remove("Item:1", current: Self.record)
        #expect(removedByKey.appliesInOneCall)
    }

    @Test func twoCallsOrAClearNeedATransaction() {
        var both = TransactionOverlay()
        _ = both.remove(matching: KeyPattern("item"), baseKeys: ["Item:1"])
        var changed = FieldChanges()
        both.merge(Record(key: "User:1", ["x": .int(1)]), over: nil, into: &changed)
        #expect(!both.appliesInOneCall)

        var twoPatterns = TransactionOverlay()
        _ = twoPatterns.remove(matching: KeyPattern("item"), baseKeys: ["Item:1"])
        _ = twoPatterns.remove(matching: KeyPattern("user"), baseKeys: [])
        #expect(!twoPatterns.appliesInOneCall)

        var cleared = TransactionOverlay()
        _ = cleared.clear(baseKeys: ["Item:1"])
        #expect(!cleared.appliesInOneCall)
    }

    /// A cache that counts `performAtomically`, and says or does not say that each change is
    /// atomic by itself.
    private final class CountingCache: NormalizedCache {
        let records = InMemoryNormalizedCache(records: RecordSet(records: [
            Record(key: "Item:1", ["x": .int(1)]), Record(key: "User:1", ["x": .int(2)]),
        ]))
        let appliesEachChangeAtomically: Bool
        private let calls = Mutex(0)
        var atomically: Int { calls.withLock { $0 } }

        init(atomicChanges: Bool) { appliesEachChangeAtomically = atomicChanges }

        func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] { try records.loadRecords(forKeys: keys) }
        func merge(records set: RecordSet) throws -> FieldChanges { try records.merge(records: set) }
        func removeRecord(for key: CacheKey) throws -> Bool { try records.removeRecord(for: key) }
        func removeRecords(matching pattern: String) throws -> Set<CacheKey> { try records.removeRecords(matching: pattern) }
        func clear() throws { try records.clear() }
        func performAtomically<T>(_ body: () throws -> T) throws -> T {
            calls.withLock { $0 += 1 }
            return try body()
        }
    }

    @Test func onlyACacheWhoseChangesAreAtomicGetsALoneChangeWithoutPerformAtomically() throws {
        for atomicChanges in [true, false] {
            let cache = CountingCache(atomicChanges: atomicChanges)
            let store = CacheStore(cache: cache)
            try store.withinReadWriteTransaction { try $0.merge(records: RecordSet(records: [Record(key: "Item:2", ["x": .int(3)])])) }
            #expect(cache.atomically == (atomicChanges ? 0 : 1), "one merge, atomic changes: \(atomicChanges)")
            try store.withinReadWriteTransaction { transaction in
                try transaction.merge(records: RecordSet(records: [Record(key: "Item:3", ["x": .int(4)])]))
                _ = try transaction.removeRecord(for: "User:1")
            }
            #expect(cache.atomically == (atomicChanges ? 1 : 2), "a merge and a removal, atomic changes: \(atomicChanges)")
            #expect(try cache.records.keys(matching: nil, offset: 0, limit: 10) == ["Item:1", "Item:2", "Item:3"])
        }
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

    /// A browsable cache that counts how often its keys are listed.
    private final class ListingCountingCache: InMemoryBackedCache, BrowsableNormalizedCache, @unchecked Sendable {
        private let listings = Mutex(0)
        var listed: Int { listings.withLock { $0 } }

        func recordCount() throws -> Int { try records.recordCount() }
        func keyCount(matching filter: String?) throws -> Int {
            listings.withLock { $0 += 1 }
            return try records.keyCount(matching: filter)
        }
        func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
            listings.withLock { $0 += 1 }
            return try records.keys(matching: filter, offset: offset, limit: limit)
        }
        func forEachRecord(_ body: (ScannedRow) throws -> Void) throws { try records.forEachRecord(body) }
    }

    /// Sees what a commit will change and what it changed.
    private final class SeeingWitness: CommitWitness {
        let seen = Mutex<[(when: String, removed: Set<CacheKey>)]>([])
        func willCommit(_ change: CacheChange) { seen.withLock { $0.append(("will", change.removedRecords)) } }
        func didCommit(_ change: CacheChange) { seen.withLock { $0.append(("did", change.removedRecords)) } }
    }

    /// The store's lone removal by pattern lists no keys first (the cache's deletion names
    /// them, and the commit reports those); subscribers hear exactly them.
    @Test func aStoreRemovalByPatternListsNoKeysBeforeDeleting() throws {
        let cache = ListingCountingCache([Self.record, Record(key: "ITEM:2", ["x": .int(2)]), Record(key: "User:1", ["x": .int(3)])])
        let store = CacheStore(cache: cache)
        let heard = Mutex<[CacheChange]>([])
        let subscription = store.subscribe { change in heard.withLock { $0.append(change) } }
        defer { subscription.cancel() }
        #expect(try store.removeRecords(matching: "item") == ["Item:1", "ITEM:2"])
        #expect(cache.listed == 0)
        #expect(heard.withLock { $0.map(\.removedRecords) } == [["Item:1", "ITEM:2"]])
        #expect(try store.removeRecords(matching: "nothing").isEmpty)
        #expect(heard.withLock { $0.count } == 1, "a removal of nothing changes nothing")
    }

    /// With a commit witness (the explorer's write log reads the rows before they go), the
    /// keys are listed first, so that the witness sees them before the commit.
    @Test func aStoreRemovalByPatternListsItsKeysForAWitness() throws {
        let cache = ListingCountingCache([Self.record, Record(key: "ITEM:2", ["x": .int(2)]), Record(key: "User:1", ["x": .int(3)])])
        let store = CacheStore(cache: cache)
        let witness = SeeingWitness()
        store.setCommitWitness(witness)
        #expect(try store.removeRecords(matching: "item") == ["Item:1", "ITEM:2"])
        #expect(cache.listed > 0)
        let seen = witness.seen.withLock { $0 }
        #expect(seen.map(\.when) == ["will", "did"])
        #expect(seen.map(\.removed) == [["Item:1", "ITEM:2"], ["Item:1", "ITEM:2"]])
    }

    /// A cache that compares in its merge (`ComparingMerge`) and counts its loads and merges.
    private final class MergeCountingCache: InMemoryBackedCache, ComparingMerge, @unchecked Sendable {
        private let counts = Mutex((loads: 0, merges: 0, comparing: 0))
        var seen: (loads: Int, merges: Int, comparing: Int) { counts.withLock { $0 } }

        override func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
            counts.withLock { $0.loads += 1 }
            return try super.loadRecords(forKeys: keys)
        }
        override func merge(records set: RecordSet) throws -> FieldChanges {
            counts.withLock { $0.merges += 1 }
            return try super.merge(records: set)
        }
        func mergeComparing(records set: RecordSet) throws -> FieldChanges {
            counts.withLock { $0.comparing += 1 }
            return try records.merge(records: set)
        }
    }

    private static let manyRecords = RecordSet(records: (0..<5_000).map { Record(key: CacheKey("Item:\($0)"), ["x": .int($0)]) })

    /// The store's lone merge loads nothing first and is one call of the cache's comparing
    /// merge, however many records it holds; its answer is the cache's.
    @Test func aStoreMergeLoadsNothingFirstAndMergesInOneCall() throws {
        let cache = MergeCountingCache([Self.record])
        let store = CacheStore(cache: cache)
        let changed = try store.merge(records: Self.manyRecords)
        #expect(cache.seen == (loads: 0, merges: 0, comparing: 1))
        #expect(changed.count == 4_999, "Item:1 held x: 1 already")
    }

    /// After another write, or with a commit witness (which must see the change before the
    /// commit), the records are loaded first and the patches merged in chunks.
    @Test func aMergeAfterAnotherWriteOrForAWitnessLoadsFirst() throws {
        let cache = MergeCountingCache([Self.record])
        let store = CacheStore(cache: cache)
        try store.withinReadWriteTransaction { transaction in
            _ = try transaction.removeRecord(for: "Item:1")
            try transaction.merge(records: Self.manyRecords)
        }
        #expect(cache.seen.comparing == 0 && cache.seen.loads > 0)
        #expect(cache.seen.merges == (5_000 + TransactionOverlay.mergeChunk - 1) / TransactionOverlay.mergeChunk)

        let witnessed = MergeCountingCache([Self.record])
        let witnessedStore = CacheStore(cache: witnessed)
        let witness = SeeingWitness()   // held here: the store holds its witness weakly
        witnessedStore.setCommitWitness(witness)
        #expect(try witnessedStore.merge(records: Self.manyRecords).count == 4_999)
        #expect(witnessed.seen.comparing == 0 && witnessed.seen.loads > 0)
    }
}
