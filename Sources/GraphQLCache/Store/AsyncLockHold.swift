import Dispatch

/// The store's lock held for an async transaction by a thread outside the cooperative pool.
///
/// A POSIX lock must be released by the thread that took it, and an async transaction's body
/// may resume on another thread after each `await`; nor may a cooperative thread wait for the
/// lock. So a dispatch thread takes the lock, tells the waiting task, and keeps it until the
/// task calls `release()`. While it waits, the task is suspended, not blocking.
final class AsyncLockHold: Sendable {
    private let released = DispatchSemaphore(value: 0)

    private init() {}

    /// Takes `lock` (alone when `write`, shared otherwise) on a dispatch thread and returns once
    /// it is held. A lock the system refuses (nesting) throws as the synchronous form does.
    static func acquire(_ lock: ReadWriteLock, write: Bool) async throws -> AsyncLockHold {
        let hold = AsyncLockHold()
        try await withCheckedThrowingContinuation { (held: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async {
                let wait = {
                    held.resume()
                    hold.released.wait()
                }
                do {
                    if write { try lock.withWriteLock(wait) } else { try lock.withReadLock(wait) }
                } catch {
                    held.resume(throwing: error)
                }
            }
        }
        return hold
    }

    /// Lets the holding thread release the lock.
    func release() { released.signal() }
}

/// Marks the task that runs an async transaction's body: a transaction opened inside it would
/// wait for the lock its own transaction holds, so it throws `nestedTransaction` instead.
enum AsyncTransactionScope {
    @TaskLocal static var isActive = false

    /// Throws when the calling task is inside an async transaction's body.
    static func checkNotNested() throws {
        if isActive { throw GraphQLCacheError.nestedTransaction }
    }
}
