import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Synchronization
import Testing

/// `CacheStore.merge(records:)` as its transaction's only write leaves the comparison with
/// what is stored to the cache's merge at commit (no load first): the answer, the change
/// subscribers hear, the records left and what a broken row gets must be those of the merge
/// that loads first (`withinReadWriteTransaction { try $0.merge(records:) }`).
@Suite struct StoreMergeAtCommitTests {
    /// 3,000 items, so that the merge below goes to the cache in several chunks.
    private static let stored: [Record] = (0..<3_000).map { number in
        Record(key: CacheKey("Item:\(number)"), ["__typename": .string("Item"), "name": .string("item \(number)"), "n": .int(number)])
    }

    /// Old records changed, unchanged, given fewer fields or more, and new records.
    private static let incoming: [Record] = (1_000..<5_000).map { number in
        let key = CacheKey("Item:\(number)")
        switch number % 4 {
        case 0: return Record(key: key, ["name": .string("renamed \(number)")])
        case 1: return Record(key: key, ["__typename": .string("Item"), "name": .string("item \(number)"), "n": .int(number)])
        case 2: return Record(key: key, ["n": .int(number), "extra": .list([.reference(CacheKey("Item:\(number + 1)"))])])
        default: return Record(key: key, ["name": .string("item \(number)")])
        }
    }

    private struct Outcome {
        var answer: FieldChanges
        var heard: [CacheChange]
        var records: [CacheKey: Record]
    }

    private static func merge(on kind: CacheKind, _ merge: (CacheStore, RecordSet) throws -> FieldChanges) throws -> Outcome {
        let store = kind.makeStore(stored)
        let heard = Mutex<[CacheChange]>([])
        let subscription = store.subscribe { change in heard.withLock { $0.append(change) } }
        defer { subscription.cancel() }
        let answer = try merge(store, RecordSet(records: incoming))
        let keys = Set((0..<5_000).map { CacheKey("Item:\($0)") })
        return Outcome(answer: answer, heard: heard.withLock { $0 }, records: try store.loadRecords(forKeys: keys))
    }

    @Test(arguments: CacheKind.allCases)
    func theAnswerTheChangeAndTheRecordsAreThoseOfTheMergeThatLoadsFirst(kind: CacheKind) throws {
        let atCommit = try Self.merge(on: kind) { try $0.merge(records: $1) }
        let loaded = try Self.merge(on: kind) { store, records in try store.withinReadWriteTransaction { try $0.merge(records: records) } }
        let change = try #require(atCommit.heard.first)
        #expect(atCommit.heard.count == 1)
        #expect(change.changedFieldKeys.isGroupedOnly, "the change keeps the cache's grouped report until someone asks for a set")
        #expect(atCommit.answer == loaded.answer)
        #expect(atCommit.heard == loaded.heard)
        #expect(atCommit.records == loaded.records)
        // 2,000 new records (3,000..<5,000: 1, 3, 2 and 1 fields by fours); of the 2,000 old ones
        // a quarter renamed (1 field), a quarter with `extra` added (1 field), half unchanged.
        #expect(change.changedRecords.count == 2_000 + 500 + 500)
        #expect(atCommit.answer.count == 2_000 / 4 * 7 + 500 + 500)
    }

    @Test func aCacheThatDoesNotCompareIsMergedTheLongWay() throws {
        let store = CacheStore(cache: InMemoryBackedCache(Self.stored))
        let heard = Mutex<[CacheChange]>([])
        let subscription = store.subscribe { change in heard.withLock { $0.append(change) } }
        defer { subscription.cancel() }
        let answer = try store.merge(records: RecordSet(records: Self.incoming))
        let loaded = try Self.merge(on: .memory) { store, records in try store.withinReadWriteTransaction { try $0.merge(records: records) } }
        #expect(answer == loaded.answer)
        #expect(heard.withLock { $0 } == loaded.heard)
    }

    @Test func aMergeOverABrokenRowThrowsNamingItAndLeavesTheRow() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("broken.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Broken:1", "not json"), ("Good:1", "{\"a\":1}")])
        let store = CacheStore(cache: try SQLiteNormalizedCache(path: path))
        let records = RecordSet(records: [Record(key: "Broken:1", ["name": .string("fixed")]), Record(key: "Good:2", ["a": .int(2)])])
        #expect {
            try store.merge(records: records)
        } throws: { error in
            String(describing: error).contains("Broken:1")
        }
        let reopened = try SQLiteNormalizedCache(path: path)
        var broken: [CacheKey] = []
        try reopened.forEachRecord { if case .broken(let error) = $0 { broken.append(error.key) } }
        #expect(broken == ["Broken:1"], "the broken row is still there, as it was")
        #expect(try reopened.loadRecord(forKey: "Good:2") == nil, "nothing of the merge was written")
    }
}
