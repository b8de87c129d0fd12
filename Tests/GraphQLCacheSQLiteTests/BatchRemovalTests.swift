import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// A store commit removing many keys removes them a chunk at a time (`KeyBatchRemoving`), as
/// one transaction, and keeps the key listing current without reading the keys again.
@Suite struct BatchRemovalTests {
    /// More than two chunks of `SQLiteNormalizedCache.heldChunkSize`.
    static let count = 5_000

    private func filled(in directory: TemporaryDirectory) throws -> SQLiteNormalizedCache {
        let cache = try SQLiteNormalizedCache(path: directory.path("batch.sqlite"))
        let items = (0..<Self.count).map { Record(key: CacheKey("Item:\($0)"), ["n": .int($0)]) }
        try cache.merge(records: RecordSet(records: items + [Record(key: "Other:1", ["n": .int(0)])]))
        _ = try cache.keys(matching: nil, offset: 0, limit: 10)  // the listing is built
        return cache
    }

    @Test func aCommitRemovingManyKeysRemovesExactlyThoseAndKeepsTheListing() throws {
        let directory = try TemporaryDirectory()
        let cache = try filled(in: directory)
        let doomed = (0..<Self.count).filter { $0 % 3 != 0 }.map { CacheKey("Item:\($0)") } + ["Item:absent"]
        let store = CacheStore(cache: cache)
        try store.withinReadWriteTransaction { transaction in
            for key in doomed { try transaction.removeRecord(for: key) }
        }
        let kept = Set((0..<Self.count).filter { $0 % 3 == 0 }.map { CacheKey("Item:\($0)") } + ["Other:1"])
        #expect(try cache.keyCount(matching: nil) == kept.count)
        #expect(Set(try cache.keys(matching: nil, offset: 0, limit: Self.count)) == kept)
        #expect(try cache.recordCount() == kept.count)
        #expect(try cache.loadRecords(forKeys: Set(doomed)).isEmpty)
    }

    @Test func aRemovalThatFailsHalfwayRemovesNothing() throws {
        struct Stop: Error {}
        let directory = try TemporaryDirectory()
        let cache = try filled(in: directory)
        let doomed = (0..<Self.count).map { CacheKey("Item:\($0)") }
        #expect(throws: Stop.self) {
            try cache.performAtomically {
                #expect(try cache.removeRecords(forKeys: doomed).count == Self.count)
                throw Stop()
            }
        }
        #expect(try cache.recordCount() == Self.count + 1)
        #expect(try cache.keyCount(matching: nil) == Self.count + 1)
    }
}
