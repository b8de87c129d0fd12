@testable import CacheExplorer
import CacheTestSupport
import Foundation
import GraphQLCache
import Testing

/// A big commit's entry is made after the commit (`DeferredEntry`): by the log's own thread,
/// or when it is first read. Either way it is the entry the log made at once before: each
/// removed or restored record with its fields, in key order, and the same count of entries.
@Suite struct WriteLogDeferredEntryTests {
    static let count = DeferredEntry.from + 904

    static var records: [Record] {
        (1...count).map { Record(key: CacheKey("Item:\($0)"), ["__typename": .string("Item"), "name": .string("item \($0)"), "rank": .int($0)]) }
    }

    static func witnessedStore() -> (CacheStore, WriteLog) { witnessedMemoryStore(records) }

    /// The deltas a delete of every record, then their restore, must log.
    static var expected: (removal: [RecordDelta], restore: [RecordDelta]) {
        let sorted = records.sorted { KeyOrder.precedes($0.key, $1.key) }
        return (sorted.compactMap { RecordDelta.between(key: $0.key, before: $0.fields, after: nil) },
                sorted.compactMap { RecordDelta.between(key: $0.key, before: nil, after: $0.fields) })
    }

    static func deleteAndRestore(_ store: CacheStore) throws {
        try store.withinReadWriteTransaction { transaction in
            for record in records { try transaction.removeRecord(for: record.key) }
        }
        try store.withinReadWriteTransaction { try $0.merge(records: RecordSet(records: records)) }
    }

    static func isDeferred(_ log: WriteLog) -> Bool { log.shadow.withLock { $0.firstDeferred != nil } }

    @Test func anEntryReadBeforeItsThreadMadeItIsMadeWhereItIsRead() throws {
        let (store, log) = Self.witnessedStore()
        // The log's thread is kept busy, so that both entries are still deferred when read.
        let gate = DispatchSemaphore(value: 0)
        log.entryMaker.async { gate.wait() }
        defer { gate.signal() }
        try Self.deleteAndRestore(store)
        #expect(Self.isDeferred(log))
        let entries = try log.entries(0..<log.entryCount)
        #expect(entries.map(\.sequence) == [1, 2])
        #expect(entries.map(\.origin) == ["test", "test"])
        Self.expectSame(entries.first?.records, Self.expected.removal)
        Self.expectSame(entries.last?.records, Self.expected.restore)
        #expect(!Self.isDeferred(log))
    }

    @Test func anEntryNobodyReadsIsMadeByTheLogsThread() async throws {
        let (store, log) = Self.witnessedStore()
        try Self.deleteAndRestore(store)
        let clock = ContinuousClock()
        let start = clock.now
        while Self.isDeferred(log), clock.now - start < .seconds(60) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(!Self.isDeferred(log))
        let entries = try log.entries(0..<log.entryCount)
        Self.expectSame(entries.first?.records, Self.expected.removal)
        Self.expectSame(entries.last?.records, Self.expected.restore)
    }

    /// The same deltas in the same order; a failure names the first that differs (the whole
    /// lists, 5,000 deltas each, would take minutes to print).
    static func expectSame(_ logged: [RecordDelta]?, _ expected: [RecordDelta], sourceLocation: SourceLocation = #_sourceLocation) {
        let logged = logged ?? []
        #expect(logged.count == expected.count, sourceLocation: sourceLocation)
        if let index = (0..<min(logged.count, expected.count)).first(where: { logged[$0] != expected[$0] }) {
            Issue.record("delta \(index) is \(logged[index]), not \(expected[index])", sourceLocation: sourceLocation)
        }
    }

    /// Rows rewritten with equal fields (another key order in the JSON) may make an empty
    /// entry, which the log drops: such a commit is never deferred.
    @Test func aCommitWhoseDeltasMayAllBeEmptyIsNotDeferred() {
        let images = (1...Self.count).map { RowImages(key: CacheKey("Item:\($0)"), old: .some(Array(#"{"a":1,"b":2}"#.utf8)),
                                                      new: Array(#"{"b":2,"a":1}"#.utf8)) }
        #expect(!DeferredEntry.defers(images))
        #expect(DeferredEntry.defers(images + [RowImages(key: "Gone", old: .some([]), new: nil)]))
    }
}
