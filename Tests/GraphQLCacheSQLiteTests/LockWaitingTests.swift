import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Synchronization
import Testing

/// Another process's lock never freezes the explorer (issue 27): where waiting is forbidden
/// (`LockWaiting.forbidden`, the UI thread) a call fails at once as lock contention; a waiting
/// call stops when its task is cancelled (Esc); and the cache says how long it has been kept out.
@Suite(.serialized) struct LockWaitingTests {
    /// The waiting reads run on a thread of their own: blocked on the cooperative pool (two
    /// threads on two cores) they would starve the test that is to cancel them.
    private let executor = DispatchTaskExecutor(label: "LockWaitingTests")

    /// A cache of one record, and a second connection holding the file's exclusive lock.
    private func lockedCache(in directory: TemporaryDirectory, timeoutMilliseconds: Int32) throws -> (SQLiteNormalizedCache, SQLiteConnection) {
        let path = directory.path("locked.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("A", #"{"x":1}"#)])
        let cache = try SQLiteNormalizedCache(path: path, options: .init(busyTimeoutMilliseconds: timeoutMilliseconds))
        let holder = try SQLiteConnection(path: path, readOnly: false, create: false, busyTimeoutMilliseconds: 0)
        try holder.exec("BEGIN EXCLUSIVE", context: "holding the lock")
        return (cache, holder)
    }

    @Test func aCallWhereWaitingIsForbiddenFailsAtOnceAsLockContention() throws {
        let directory = try TemporaryDirectory()
        let (cache, holder) = try lockedCache(in: directory, timeoutMilliseconds: 60_000)
        defer { holder.rollback() }
        let clock = ContinuousClock()
        let start = clock.now
        var contention = false
        do {
            _ = try LockWaiting.$forbidden.withValue(true) { try cache.loadRecords(forKeys: ["A"]) }
        } catch let error as LockContention {
            contention = error.isLockContention
        }
        #expect(contention)
        #expect(clock.now - start < .seconds(30), "it waited for the lock")
        #expect(cache.lockWaitElapsed != nil, "the cache says it is kept out")
    }

    @Test func aCallWaitingForTheLockStopsWhenItsTaskIsCancelled() async throws {
        let directory = try TemporaryDirectory()
        let (cache, holder) = try lockedCache(in: directory, timeoutMilliseconds: 60_000)
        defer { holder.rollback() }
        let clock = ContinuousClock()
        let start = clock.now
        let read = Task(executorPreference: executor) { try cache.loadRecords(forKeys: ["A"]) }
        while cache.lockWaitElapsed == nil { await Task.yield() }  // polls, no fixed sleep
        read.cancel()
        let result = await read.result
        #expect(clock.now - start < .seconds(30), "the read waited out its timeout after being cancelled")
        #expect(throws: SQLiteError.self) { try result.get() }
    }

    @Test func theLockGoneTheWaitingCallPasses() async throws {
        let directory = try TemporaryDirectory()
        let (cache, holder) = try lockedCache(in: directory, timeoutMilliseconds: 60_000)
        let read = Task(executorPreference: executor) { try cache.loadRecords(forKeys: ["A"]) }
        while cache.lockWaitElapsed == nil { await Task.yield() }  // polls, no fixed sleep
        holder.rollback()
        #expect(try await read.value["A"]?["x"] == .int(1))
    }

    /// The scans the explorer makes on its UI thread for `r` (inbound references), the `D`
    /// preview (what would dangle), a filter's count and `:lint` (shapes, statistics) never wait
    /// behind this process's own call that waits for another process's lock (it holds the
    /// connection for the whole busy timeout): they fail at once as lock contention, while
    /// that call still waits.
    @Test(arguments: ["pointingAt", "pointingInto", "filterCount", "shapes", "statistics", "allRecords"])
    func aScanWhereWaitingIsForbiddenDoesNotWaitBehindACallWaitingForTheLock(scan: String) async throws {
        let directory = try TemporaryDirectory()
        let (cache, holder) = try lockedCache(in: directory, timeoutMilliseconds: 10_000)
        defer { holder.rollback() }
        let ended = EndFlag()
        let waiting = Task(executorPreference: executor) {
            defer { ended.set() }
            try cache.merge(records: RecordSet(records: [Record(key: "B", ["x": .int(2)])]))
        }
        while cache.lockWaitElapsed == nil { await Task.yield() }  // polls, no fixed sleep
        var contention = false
        let clock = ContinuousClock()
        let start = clock.now
        do {
            try LockWaiting.$forbidden.withValue(true) { try Self.run(scan, on: cache) }
        } catch let error as LockContention {
            contention = error.isLockContention
        }
        // Had the scan waited for the connection, the waiting merge would have given up first
        // (after its 10 s busy timeout).
        let mergeStillWaits = !ended.isSet && clock.now - start < .seconds(5)
        holder.rollback()
        _ = await waiting.result
        #expect(contention)
        #expect(mergeStillWaits, "the \(scan) scan waited behind the call waiting for the lock")
    }

    private static func run(_ scan: String, on cache: SQLiteNormalizedCache) throws {
        switch scan {
        case "pointingAt": try cache.forEachRecord(pointingAt: "A") { _ in }
        case "pointingInto": try cache.forEachRecord(pointingInto: KeyPattern("A")) { _ in }
        case "filterCount": _ = try cache.keyCount(matching: "A", atLeast: 10)
        case "shapes": try cache.forEachRecordShape { _, _ in }
        case "statistics": _ = try cache.statistics()
        default: try cache.forEachRecord { _ in }
        }
    }
}

/// Set once a task has ended (read from the test's thread).
private final class EndFlag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}
