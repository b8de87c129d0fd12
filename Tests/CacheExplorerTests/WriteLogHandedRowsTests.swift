@testable import CacheExplorer
import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// A commit whose rows its writer handed over (the explorer's delete by pattern and its undo)
/// is taken into the log after the commit (`HandedRowsCommit`), by the log's thread or by the
/// next reader of the log, whichever comes first: the commit does not wait for it, and the log
/// still takes every change in commit order.
@Suite struct WriteLogHandedRowsTests {
    static let count = 1_200

    static func store(in directory: TemporaryDirectory) throws -> (CacheStore, WriteLog) {
        let cache = try SQLiteNormalizedCache(path: directory.path("cache.sqlite"))
        try cache.merge(records: RecordSet(records: (1...count).map { Record(key: CacheKey("Item:\($0)"), ["name": .string("item \($0)")]) }))
        let store = CacheStore(cache: cache)
        let log = WriteLog(rows: .encoding(cache), names: { _ in "test" }, holdingCommits: { try $0() })
        store.setCommitWitness(log)
        return (store, log)
    }

    @Test func theNextCommitFindsTheLogAsTheHandedCommitLeftIt() throws {
        let directory = try TemporaryDirectory()
        let (store, log) = try Self.store(in: directory)
        // The log's thread is kept busy: the handed commit waits until someone reads the log.
        let gate = DispatchSemaphore(value: 0)
        log.rowTaker.async { gate.wait() }
        defer { gate.signal() }
        _ = try #require(try store.removeRows(matching: "Item:", origin: store.makeOrigin()) { _ in })
        #expect(log.shadow.withLock { $0.handedRows.count } == 1, "the delete returned before the log took its rows")
        #expect(log.shadow.withLock { $0.entries.isEmpty })

        try store.withinReadWriteTransaction { try $0.merge(records: RecordSet(records: [Record(key: "Item:7", ["name": .string("back")])])) }
        #expect(log.shadow.withLock { $0.handedRows.isEmpty })
        let entries = try log.entries(0..<log.entryCount)
        #expect(entries.map(\.sequence) == [1, 2])
        #expect(entries.first?.records.count == Self.count)
        #expect(entries.first?.records.allSatisfy { $0.kind == .removed } == true)
        #expect(entries.last?.records.map(\.key) == ["Item:7"])
        #expect(entries.last?.records.first?.kind == .added, "the delete's rows were taken in before the merge's")
        // The row the log knows for Item:7 is the merge's, not the delete's absence after it.
        #expect(log.shadow.withLock { $0.known["Item:7"] } == .some(.some(Array(#"{"name":"back"}"#.utf8))))
    }

    @Test func aHandedCommitNobodyReadsIsTakenInByTheLogsThread() async throws {
        let directory = try TemporaryDirectory()
        let (store, log) = try Self.store(in: directory)
        _ = try #require(try store.removeRows(matching: "Item:", origin: store.makeOrigin()) { _ in })
        let clock = ContinuousClock()
        let start = clock.now
        while log.shadow.withLock({ !$0.handedRows.isEmpty || $0.entries.isEmpty }), clock.now - start < .seconds(60) {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(log.shadow.withLock { $0.handedRows.isEmpty && $0.entries.count == 1 })
        #expect(log.shadow.withLock { $0.known.count } == Self.count)
    }
}
