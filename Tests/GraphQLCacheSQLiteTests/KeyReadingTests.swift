import CacheKeyIndex
import CacheTestSupport
import Dispatch
import GraphQLCache
@testable import GraphQLCacheSQLite
import SQLiteBaseline
import Testing

/// The first read of a big file's keys runs in the background (`readKeysInBackground`): it says
/// how far it got, lists the same keys a read on the caller's thread would, is waited for (not
/// done twice) by a count asked meanwhile, and never installs keys a write made stale.
@Suite struct KeyReadingTests {
    /// A file of `count` keys, read in the background from 1,000 keys; with `gate`, the
    /// background read waits for it to open before it reads.
    private func bigCache(_ directory: TemporaryDirectory, count: Int, gate: Gate? = nil) throws -> (SQLiteNormalizedCache, [CacheKey]) {
        let path = directory.path("big.sqlite")
        let raw = try RawSQLiteBaseline(path: path)
        let keys = (0..<count).map { CacheKey($0 % 2 == 0 ? "Item:\($0)" : "User:\($0).friends.\($0 % 7)") }
        try raw.insert(keys.map { (key: $0, json: Array("{}".utf8)) })
        let cache = try SQLiteNormalizedCache(path: path)
        cache.listing.withLock { listing in
            listing.backgroundReadThreshold = 1000
            listing.backgroundReadPatience = .zero
            if let gate { listing.backgroundReadHold = { gate.pass() } }
        }
        return (cache, keys.sorted())
    }

    /// Calls `readKeysInBackground`, returning its answer and a wait for its last report.
    private func startRead(_ cache: SQLiteNormalizedCache) -> (KeyReadProgress?, () -> [KeyReadProgress]) {
        let reports = Collected<KeyReadProgress>()
        let ended = DispatchSemaphore(value: 0)
        let started = cache.readKeysInBackground { progress in
            reports.append(progress)
            if progress.isDone { ended.signal() }
        }
        return (started, {
            _ = ended.wait(timeout: .now() + 60)
            return reports.items
        })
    }

    @Test func aBigFilesKeysAreReadInTheBackgroundAndThenListedInOrder() throws {
        let directory = try TemporaryDirectory()
        let gate = Gate()
        let (cache, sorted) = try bigCache(directory, count: 5000, gate: gate)
        let (started, reports) = startRead(cache)
        let progress = try #require(started, "a file of 5,000 keys over a threshold of 1,000 is read in the background")
        #expect(progress.estimated == 5000)
        #expect(!progress.isDone)
        gate.open()
        let last = try #require(reports().last)
        #expect(last == KeyReadProgress(read: 5000, estimated: 5000, isDone: true))
        #expect(cache.readKeysInBackground { _ in } == nil, "the keys are in memory now")
        #expect(try cache.keyCount(matching: nil) == 5000)
        #expect(try cache.keys(matching: nil, offset: 0, limit: 40) == Array(sorted[0..<40]))
        #expect(try cache.keys(matching: nil, offset: 4990, limit: 10) == Array(sorted[4990...]))
    }

    /// A file whose highest row id overstates its keys (an app deleted and wrote rows again)
    /// is read within the caller's patience and listed at once, with no read left running.
    @Test func aReadThatEndsWithinThePatienceIsListedAtOnce() throws {
        let directory = try TemporaryDirectory()
        let (cache, _) = try bigCache(directory, count: 5000)
        cache.listing.withLock { $0.backgroundReadPatience = .seconds(30) }
        #expect(cache.readKeysInBackground { _ in } == nil)
        #expect(cache.listing.withLock { ($0.countInMemory, $0.reading == nil) } == (5000, true))
    }

    @Test func aSmallFileIsReadWhenAskedFor() throws {
        let directory = try TemporaryDirectory()
        let (cache, _) = try bigCache(directory, count: 500)
        #expect(cache.readKeysInBackground { _ in } == nil)
        #expect(try cache.keyCount(matching: nil) == 500)
    }

    @Test func aCountAskedDuringTheReadWaitsForItAndAnotherCallJoinsIt() throws {
        let directory = try TemporaryDirectory()
        let gate = Gate()
        let (cache, sorted) = try bigCache(directory, count: 20_000, gate: gate)
        let (started, reports) = startRead(cache)
        #expect(started != nil)
        // Asked while the read waits at the gate: the same read answers.
        let joined = cache.readKeysInBackground { _ in }
        #expect(joined?.estimated == 20_000)
        #expect(cache.listing.withLock { $0.reading != nil })
        gate.open()
        #expect(try cache.keyCount(matching: nil) == 20_000)
        #expect(try cache.keys(matching: nil, offset: 10_000, limit: 5) == Array(sorted[10_000..<10_005]))
        #expect(reports().last?.isDone == true)
    }

    @Test func aWriteDuringTheReadLeavesNoStaleListing() throws {
        let directory = try TemporaryDirectory()
        let gate = Gate()
        let (cache, _) = try bigCache(directory, count: 20_000, gate: gate)
        let (started, reports) = startRead(cache)
        #expect(started != nil)
        try cache.merge(records: RecordSet(records: [Record(key: "Item:new", ["x": .int(1)])]))
        gate.open()
        #expect(reports().last?.isDone == true)
        #expect(try cache.keyCount(matching: nil) == 20_001)
        #expect(try cache.keys(matching: "item:new", offset: 0, limit: 5) == ["Item:new"])
    }
}
