import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
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

    /// A scan with a condition few rows meet (`r` on a record with two referrers) looks at a
    /// window of row ids per page: it says how far it got at each window's end, and stops
    /// there, where it read the whole file in one page before.
    @Test func aScanWithAConditionReportsEachWindow() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("referrers.sqlite")
        try SQLiteTestFile.run(SQLiteTestFile.apolloDDL, at: path)
        try RawSQLiteBaseline(path: path).insert((0..<70_000).map { index in
            let json = index == 10 || index == 69_000 ? #"{"owner":{"$reference":"User:7"}}"# : #"{"id":"\#(index)"}"#
            return (key: CacheKey("Item:\(index)"), json: Array(json.utf8))
        })
        let cache = try SQLiteNormalizedCache(path: path)
        let shares = Mutex<[Double]>([])
        var referrers: [CacheKey] = []
        try ScanProgress { share in shares.withLock { $0.append(share) } }.observing {
            try cache.forEachRecord(pointingAt: "User:7") { if case .record(let record) = $0 { referrers.append(record.key) } }
        }
        #expect(referrers == ["Item:10", "Item:69000"])
        // The first window is 32,768 row ids (the next ones grow or shrink with its time); the
        // pages holding a referrer report too.
        let reported = shares.withLock { $0 }
        #expect(reported == reported.sorted())
        #expect(reported.contains { $0 > 0.46 && $0 < 0.47 } && reported.last == 1, "\(reported)")
        let stopping = ScanProgress { _ in }
        var found: [CacheKey] = []
        #expect(throws: CancellationError.self) {
            try stopping.observing {
                try cache.forEachRecord(pointingAt: "User:7") { row in
                    if case .record(let record) = row { found.append(record.key) }
                    stopping.stop()
                }
            }
        }
        #expect(found == ["Item:10"], "the scan went on past the window where it was stopped")
    }

    /// A window grows while its pages are quick and shrinks while they are slow, within its
    /// bounds, and never runs past the last row id.
    @Test func aWindowFollowsTheTimeItsPagesTake() {
        var window = ConditionWindow()
        #expect(window.end(from: 100) == 100 + 32_767)
        window.took(.microseconds(500))
        #expect(window.span == 65_536)
        for _ in 0..<40 { window.took(.microseconds(1)) }
        #expect(window.span == ConditionWindow.spans.upperBound)
        for _ in 0..<40 { window.took(.milliseconds(20)) }
        #expect(window.span == ConditionWindow.spans.lowerBound)
        window.took(.milliseconds(5))
        #expect(window.span == ConditionWindow.spans.lowerBound)
        #expect(window.end(from: .max - 10) == .max)
    }
}
