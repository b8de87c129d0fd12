import CacheTestSupport
import Foundation
import GraphQLCache
import Testing
@testable import GraphQLCacheSQLite

/// Issue 25, the SQLite cache's part: a torn file stops its scans with "malformed" (finding 4),
/// a file replaced by rename is noticed and never written (3), two processes creating one
/// missing file both open it (12), a directory is a clear error (19), a hot journal or a
/// WAL's commits in a read-only folder are reported (5, 9).
@Suite struct HostileFileThirdRoundTests {
    /// A scan visiting more rows than the file holds is the endless loop under test: it is cut
    /// short here so that the test fails instead of running for ever.
    struct VisitedTooMany: Error {}

    @Test func aTornFileStopsAFullScanAsMalformed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("torn.sqlite")
        let rows = try TornFile.make(at: path)
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        var visited = 0
        let error = #expect(throws: SQLiteError.self) {
            try cache.forEachRecord { _ in
                visited += 1
                if visited > rows * 2 { throw VisitedTooMany() }
            }
        }
        #expect(error?.description.contains("database disk image is malformed") == true, "\(String(describing: error))")
        #expect(error?.resultCode == 11)
    }

    @Test func aTornFileStopsTheBrokenRowScanAsMalformed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("torn.sqlite")
        try TornFile.make(at: path)
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        let error = #expect(throws: SQLiteError.self) { _ = try cache.brokenRowSummary() }
        #expect(error?.description.contains("database disk image is malformed") == true)
    }

    /// What an app's "reset cache" does: a new file written beside the cache, renamed over it.
    private func replaceByRename(_ path: String, in directory: TemporaryDirectory) throws {
        let fresh = directory.path("fresh.sqlite")
        try SQLiteTestFile.apolloFile(at: fresh, rows: [("Fresh:1", #"{"x":1}"#)])
        #expect(rename(fresh, path) == 0)
    }

    @Test func aFileReplacedByRenameIsReportedOnThePollAndNeverWritten() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        try cache.merge(records: RecordSet(records: [Record(key: "Old:1", ["x": .int(1)])]))
        try cache.startTrackingExternalChanges()
        try replaceByRename(path, in: directory)
        let polled = #expect(throws: SQLiteError.self) { _ = try cache.externalChanges() }
        #expect(polled == .fileReplaced(path: path))
        #expect(polled?.description.contains("replaced") == true)
        let written = #expect(throws: SQLiteError.self) {
            try cache.merge(records: RecordSet(records: [Record(key: "Lost:1", ["x": .int(2)])]))
        }
        #expect(written == .fileReplaced(path: path))
        let keys = try SQLiteTestFile.scalar("SELECT group_concat(key) FROM records", at: path) ?? ""
        #expect(!keys.contains("Lost:1"), "\(keys)")
    }

    @Test func aWriteAfterTheFileWasReplacedIsRefusedEvenBeforeAnyPoll() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("cache.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        try cache.merge(records: RecordSet(records: [Record(key: "Old:1", ["x": .int(1)])]))
        try replaceByRename(path, in: directory)
        #expect(throws: SQLiteError.fileReplaced(path: path)) { try cache.removeRecord(for: "Old:1") }
        #expect(throws: SQLiteError.fileReplaced(path: path)) { try cache.removeRecords(matching: "Old") }
        #expect(throws: SQLiteError.fileReplaced(path: path)) { try cache.clear() }
    }

    @Test func twoOpensCreatingOneMissingFileAtOnceBothSucceed() async throws {
        for round in 0..<20 {
            let directory = try TemporaryDirectory()
            let path = directory.path("new-\(round).sqlite")
            let options = SQLiteNormalizedCache.Options(startsCacheInEmptyDatabase: false)
            let results = await withTaskGroup(of: String?.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        do {
                            let cache = try SQLiteNormalizedCache(path: path, options: options)
                            try cache.merge(records: RecordSet(records: [Record(key: "K", ["x": .int(1)])]))
                            return nil
                        } catch { return "\(error)" }
                    }
                }
                var failures: [String] = []
                for await result in group { if let result { failures.append(result) } }
                return failures
            }
            #expect(results.isEmpty, "round \(round): \(results)")
        }
    }

    @Test(arguments: [".", "./", "..", "/", "./.", "../."])
    func aDirectoryAsTheCachePathIsAClearError(spelling: String) throws {
        for readOnly in [true, false] {
            let error = #expect(throws: SQLiteError.self) {
                _ = try SQLiteNormalizedCache(path: spelling, options: .init(readOnly: readOnly))
            }
            #expect(error?.description.contains("is a directory") == true, "\(spelling): \(String(describing: error))")
        }
    }
}
