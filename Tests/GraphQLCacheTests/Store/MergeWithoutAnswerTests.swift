@testable import GraphQLCache
import Synchronization
import Testing

/// The explorer's restore merges a chunk at a time without asking for each chunk's changed
/// field keys (`mergeWithoutAnswer`): the change committed must be the one `merge(records:)`
/// chunk by chunk commits, and the records the same.
@Suite struct MergeWithoutAnswerTests {
    private static func store() throws -> CacheStore {
        let cache = InMemoryNormalizedCache(records: RecordSet(records: (0..<50).map {
            Record(key: CacheKey("Item:\($0)"), ["name": .string("item \($0)"), "n": .int($0)])
        }))
        return CacheStore(cache: cache)
    }

    private static let chunks: [[Record]] = (0..<4).map { chunk in
        (0..<40).map { index in
            let number = chunk * 30 + index   // overlapping chunks, old and new records
            return Record(key: CacheKey("Item:\(number)"), ["name": .string(number % 3 == 0 ? "item \(number)" : "new \(number)"), "extra": .bool(true)])
        }
    }

    private static func committed(_ merge: (ReadWriteTransaction, RecordSet) throws -> Void) throws -> (CacheChange, [CacheKey: Record]) {
        let store = try store()
        let heard = Mutex<[CacheChange]>([])
        let subscription = store.subscribe { change in heard.withLock { $0.append(change) } }
        defer { subscription.cancel() }
        try store.withinReadWriteTransaction { transaction in
            for chunk in chunks { try merge(transaction, RecordSet(records: chunk)) }
        }
        let keys = Set((0..<130).map { CacheKey("Item:\($0)") })
        return (try #require(heard.withLock { $0.first }), try store.loadRecords(forKeys: keys))
    }

    @Test func theChangeAndTheRecordsAreThoseOfMergeChunkByChunk() throws {
        let answered = try Self.committed { _ = try $0.merge(records: $1) }
        let unanswered = try Self.committed { try $0.mergeWithoutAnswer(records: $1) }
        #expect(unanswered.0 == answered.0)
        #expect(unanswered.1 == answered.1)
        #expect(!answered.0.changedFields.isEmpty)
    }
}
