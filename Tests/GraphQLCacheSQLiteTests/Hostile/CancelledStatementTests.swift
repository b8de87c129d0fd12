import CacheTestSupport
import GraphQLCache
import Testing
@testable import GraphQLCacheSQLite

/// Issue 15: a statement that runs long (a scan of a huge or hostile file) must not outlive the
/// work it was for. Every connection checks, through SQLite's progress handler, whether the task
/// running the statement was cancelled, and stops it: `SQLiteError.interrupted`, nothing changed.
@Suite struct CancelledStatementTests {
    /// A file of `count` small records.
    private func file(count: Int) throws -> (TemporaryDirectory, SQLiteNormalizedCache) {
        let directory = try TemporaryDirectory()
        let path = directory.path("big.sqlite")
        let inserts = (0..<count).map { #"INSERT INTO records (key, record) VALUES ('Item:\#($0)', '{"id":"\#($0)"}');"# }
        try SQLiteTestFile.run(SQLiteTestFile.apolloDDL + "BEGIN;\n" + inserts.joined(separator: "\n") + "\nCOMMIT;", at: path)
        return (directory, try SQLiteNormalizedCache(path: path))
    }

    /// Runs `body` in a task that is cancelled before `body` starts; the error it threw, if any.
    private func inCancelledTask(_ body: @escaping @Sendable () throws -> Void) async -> (any Error)? {
        let task = Task { () -> (any Error)? in
            while !Task.isCancelled { await Task.yield() }
            do { try body() } catch { return error }
            return nil
        }
        task.cancel()
        return await task.value
    }

    @Test func aScanInACancelledTaskStopsWithInterrupted() async throws {
        let (directory, cache) = try file(count: 20_000)
        let error = await inCancelledTask {
            var seen = 0
            try cache.forEachRecord { _ in seen += 1 }
        }
        guard case .interrupted(let path, _)? = error as? SQLiteError else {
            Issue.record("expected SQLiteError.interrupted, got \(String(describing: error))")
            return
        }
        #expect(path == directory.path("big.sqlite"))
        #expect((error as? SQLiteError)?.description.contains("was cancelled") ?? false)
    }

    @Test func theSameScanOutsideACancelledTaskReadsEveryRow() async throws {
        let (directory, cache) = try file(count: 20_000)
        defer { withExtendedLifetime(directory) {} }
        let seen = try await Task {
            var seen = 0
            try cache.forEachRecord { _ in seen += 1 }
            return seen
        }.value
        #expect(seen == 20_000)
    }

    @Test func aMergeInACancelledTaskChangesNothing() async throws {
        let (directory, cache) = try file(count: 2_000)
        defer { withExtendedLifetime(directory) {} }
        let records = RecordSet(records: (0..<5_000).map { Record(key: CacheKey("Item:\($0)"), ["price": .int($0)]) })
        let error = await inCancelledTask { _ = try cache.merge(records: records) }
        #expect(error != nil, "\(String(describing: error))")
        #expect(try cache.recordCount() == 2_000)
        #expect(try cache.loadRecord(forKey: "Item:1")?["price"] == nil)
        // The connection is usable afterwards.
        #expect(try cache.merge(records: RecordSet(records: [Record(key: "Item:1", ["price": .int(1)])])).count == 1)
    }
}
