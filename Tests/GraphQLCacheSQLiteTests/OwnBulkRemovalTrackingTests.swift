import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Synchronization
import Testing

/// A removal of most of the rows a store follows for other processes' changes forgets them by
/// keeping the rest (`ExternalChangeTracker.forget(_:)` of a set): the rows kept, the bytes
/// counted and what the next look reports must be those of forgetting each key.
@Suite struct OwnBulkRemovalTrackingTests {
    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private static func tracker(rows: Int) -> ExternalChangeTracker {
        var tracker = ExternalChangeTracker(maxRowID: 0, dataVersion: 0)
        for index in 0..<rows {
            bytes(#"{"name":"item \#(index)"}"#).withUnsafeBufferPointer { tracker.saw(CacheKey("Item:\(index)"), $0) }
        }
        return tracker
    }

    @Test(arguments: [10, 1_500, 2_999, 3_000, 3_400])
    func forgettingASetKeepsWhatForgettingEachKeyKeeps(forgotten: Int) {
        // Some forgotten keys were never followed (3,000 rows followed, up to 3,400 forgotten).
        let keys = Set((0..<forgotten).map { CacheKey("Item:\($0 * 3 % 3_400)") })
        var bySet = Self.tracker(rows: 3_000)
        var eachKey = bySet
        bySet.forget(keys)
        eachKey.forget(Array(keys))
        #expect(Set(bySet.rows.keys) == Set(eachKey.rows.keys))
        #expect(bySet.rows.count == 3_000 - keys.filter { Int($0.rawValue.dropFirst(5))! < 3_000 }.count)
        #expect(bySet.keptBytes == eachKey.keptBytes)
        #expect(bySet.keptBytes == bySet.rows.values.reduce(0) { $0 + ($1.bytes?.count ?? 0) })
    }

    /// After this store deleted 2,000 of the 2,001 rows it read, another process's removal
    /// of the one left is reported, and none of the store's own removals is.
    @Test func aBigOwnRemovalLeavesTheRestFollowed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let store = CacheStore(cache: try SQLiteNormalizedCache(path: path))
        try store.merge(records: RecordSet(records: (0..<2_000).map { Record(key: CacheKey("Item:\($0)"), ["x": .int($0)]) }
            + [Record(key: "Keep:1", ["x": .int(1)])]))
        try store.startTrackingExternalChanges()
        _ = try store.loadRecords(forKeys: Set((0..<2_000).map { CacheKey("Item:\($0)") } + ["Keep:1"]))
        let heard = Mutex<[CacheChange]>([])
        let subscription = store.subscribe { change in heard.withLock { $0.append(change) } }
        defer { subscription.cancel() }
        #expect(try store.removeRecords(matching: "Item:").count == 2_000)
        let other = try SQLiteNormalizedCache(path: path)
        #expect(try other.removeRecord(for: "Keep:1"))
        #expect(try store.pollExternalChanges() == 1)
        let external = heard.withLock { $0 }.filter { $0.origin == .external }
        #expect(external.map(\.removedRecords) == [["Keep:1"]])
    }
}
