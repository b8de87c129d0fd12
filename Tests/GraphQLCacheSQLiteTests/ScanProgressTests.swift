import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline
import Synchronization
import Testing

/// A scan observed by a `ScanProgress` says how far through the rows it is after each page,
/// from the lowest row id to the highest (a file whose rows start far up still starts near 0),
/// and a stopped scan throws `CancellationError` at its next page; a scan not observed is
/// untouched.
@Suite struct ScanProgressTests {
    /// A file of `count` small records whose row ids start at `firstRowID`.
    private func file(_ directory: TemporaryDirectory, count: Int, firstRowID: Int64 = 1) throws -> SQLiteNormalizedCache {
        let path = directory.path("scanned.sqlite")
        try SQLiteTestFile.run(SQLiteTestFile.apolloDDL, at: path)
        if firstRowID > 1 {
            try SQLiteTestFile.run(#"INSERT INTO records(_id, key, record) VALUES (\#(firstRowID - 1), 'Gone:1', '{}'); DELETE FROM records;"#, at: path)
        }
        try RawSQLiteBaseline(path: path).insert((0..<count).map { (key: CacheKey("Item:\($0)"), json: Array(#"{"__typename":"Item","id":"\#($0)"}"#.utf8)) })
        return try SQLiteNormalizedCache(path: path)
    }

    @Test(arguments: [Int64(1), 900_000])
    func eachPageSaysHowFarTheScanGot(firstRowID: Int64) throws {
        let directory = try TemporaryDirectory()
        let cache = try file(directory, count: 3_000, firstRowID: firstRowID)
        let shares = Mutex<[Double]>([])
        let progress = ScanProgress { share in shares.withLock { $0.append(share) } }
        let statistics = try progress.observing { try cache.statistics() }
        #expect(statistics.records == 3_000)
        let reported = shares.withLock { $0 }
        // 512 rows a page: six pages, each a sixth further on.
        #expect(reported.count == 6)
        #expect(reported == reported.sorted())
        #expect(reported.first.map { $0 > 0.1 && $0 < 0.25 } == true, "\(reported)")
        #expect(reported.last == 1)
    }

    @Test func aStoppedScanThrowsAtItsNextPage() throws {
        let directory = try TemporaryDirectory()
        let cache = try file(directory, count: 3_000)
        let progress = ScanProgress { _ in }
        var visited = 0
        #expect(throws: CancellationError.self) {
            try progress.observing {
                try cache.forEachRecord { _ in
                    visited += 1
                    if visited == 10 { progress.stop() }
                }
            }
        }
        // The page under way is finished (512 rows), none after it.
        #expect(visited == 512)
        #expect(try cache.statistics().records == 3_000, "a scan not observed is not stopped")
    }

    @Test func aMemoryCacheReportsAsItVisits() throws {
        let cache = InMemoryNormalizedCache(records: RecordSet(records: (0..<10_000).map { Record(key: CacheKey("Item:\($0)"), ["id": .int($0)]) }))
        let shares = Mutex<[Double]>([])
        let progress = ScanProgress { share in shares.withLock { $0.append(share) } }
        var visited = 0
        try progress.observing { try cache.forEachRecord { _ in visited += 1 } }
        #expect(visited == 10_000)
        // Every 4,096 records: at 0, 4,096 and 8,192.
        #expect(shares.withLock { $0 } == [0, 0.4096, 0.8192])
        let stopped = ScanProgress { _ in }
        stopped.stop()
        #expect(throws: CancellationError.self) { try stopped.observing { try cache.forEachRecord { _ in } } }
    }
}
