import CacheTestSupport
@testable import GraphQLCache
import Synchronization
import Testing

/// `ReadWriteTransaction.removeStoredRows`: the explorer's big delete, which read the rows
/// itself, removes them without loading them again. As a transaction's only write the change
/// names the keys as removed records without field keys (as a removal by pattern does); after
/// another write each key is removed as `removeRecord(for:)` removes it.
@Suite struct StoredRowRemovalTests {
    static let records = (0..<50).map { Record(key: CacheKey("Item:\($0)"), ["name": .string("item \($0)"), "rank": .int($0)]) }
        + [Record(key: "User:1", ["name": .string("kept")])]

    /// The changes a store's subscriber heard.
    final class Heard: Sendable {
        let changes = Mutex<[CacheChange]>([])
        var last: CacheChange? { changes.withLock { $0.last } }
    }

    /// A store over a cache of `kind` holding `records`, with a subscriber (cancel it).
    static func store(_ kind: CacheKind) -> (any BrowsableNormalizedCache, CacheStore, Heard, CacheSubscription) {
        let cache = kind.makeCache(records)
        let store = CacheStore(cache: cache)
        let heard = Heard()
        return (cache, store, heard, store.subscribe { change in heard.changes.withLock { $0.append(change) } })
    }

    @Test(arguments: CacheKind.allCases)
    func aLoneRemovalOfStoredRowsRemovesThemAndReportsTheKeysAsRemovedRecords(kind: CacheKind) throws {
        let (cache, store, heard, subscription) = Self.store(kind)
        defer { subscription.cancel() }
        let doomed = Set(Self.records.dropLast().map(\.key))
        try store.withinReadWriteTransaction { transaction in
            try transaction.removeStoredRows(doomed)
            #expect(transaction.overlay.change.removedRecords == doomed)
            #expect(try transaction.loadRecords(forKeys: doomed).isEmpty, "later reads in the transaction see them gone")
        }
        #expect(try cache.loadRecords(forKeys: Set(Self.records.map(\.key))).keys.sorted() == ["User:1"])
        let change = try #require(heard.last)
        #expect(change.removedRecords == doomed)
        #expect(change.removedFields.isEmpty, "the fields were never loaded")
        #expect(change.changedFields.isEmpty)
    }

    @Test(arguments: CacheKind.allCases)
    func afterAnotherWriteEachKeyIsRemovedWithItsFields(kind: CacheKind) throws {
        let (cache, store, heard, subscription) = Self.store(kind)
        defer { subscription.cancel() }
        try store.withinReadWriteTransaction { transaction in
            try transaction.merge(records: RecordSet(records: [Record(key: "User:2", ["name": .string("new")])]))
            try transaction.removeStoredRows(["Item:1", "Item:2"])
        }
        let change = try #require(heard.last)
        #expect(change.removedRecords == ["Item:1", "Item:2"])
        #expect(change.removedFields == [FieldKey(record: "Item:1", field: "name"), FieldKey(record: "Item:1", field: "rank"),
                                         FieldKey(record: "Item:2", field: "name"), FieldKey(record: "Item:2", field: "rank")])
        #expect(change.changedFields == [FieldKey(record: "User:2", field: "name")])
        #expect(try cache.loadRecords(forKeys: ["Item:1", "Item:2", "User:2"]).keys.sorted() == ["User:2"])
    }

    @Test func aThrowingTransactionRemovesNothing() throws {
        let cache = CacheKind.sqlite.makeCache(Self.records)
        let store = CacheStore(cache: cache)
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try store.withinReadWriteTransaction { transaction in
                try transaction.removeStoredRows(["Item:1"])
                throw Stop()
            }
        }
        #expect(try cache.loadRecords(forKeys: ["Item:1"]).count == 1)
    }
}
