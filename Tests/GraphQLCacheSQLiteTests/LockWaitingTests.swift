import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
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
}
