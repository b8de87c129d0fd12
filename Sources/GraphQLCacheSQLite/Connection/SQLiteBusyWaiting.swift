import Foundation
import GraphQLCache
import Synchronization

/// How a connection waits for another process's lock (its busy handler's decisions): up to the
/// busy timeout, in short sleeps, but never for a call made where waiting is forbidden
/// (`LockWaiting.forbidden`, the explorer's UI thread), inside `withoutWaiting`, or for a task
/// that was cancelled (Esc while a delete waits for the lock: it stops at once, nothing
/// written). Every time a call is kept out it is noted on `clock`, so the UI can say since when
/// the file has been locked.
final class SQLiteBusyWaiting: Sendable {
    /// Notes of calls kept out, read by the UI (`LockWaitReporting`); shared by a cache's
    /// connections, so that a wait on a reader shows as the cache's.
    let clock: LockWaitClock
    private let timeout: Duration
    private let refusing = Atomic<Bool>(false)
    private let started = Mutex<ContinuousClock.Instant>(.now)
    private let ownLock = Mutex<(@Sendable () -> Bool)?>(nil)

    /// Sleep between two tries for the lock: short, so that a freed lock is taken at once and
    /// a cancellation is seen within a few milliseconds.
    static let pause: TimeInterval = 0.005

    init(timeoutMilliseconds: Int32, clock: LockWaitClock = LockWaitClock()) {
        timeout = .milliseconds(Int(timeoutMilliseconds))
        self.clock = clock
    }

    /// Whether calls fail at once instead of waiting (`SQLiteConnection.withoutWaiting`).
    var refusesToWait: Bool {
        get { refusing.load(ordering: .relaxed) }
        set { refusing.store(newValue, ordering: .relaxed) }
    }

    /// Tells this connection when a lock that keeps it out may be this process's own (another
    /// connection of the same cache): such a wait is not noted on `clock`, which would make the
    /// explorer say it waits for another process and refuse the UI's reads for a while.
    func notesOwnLocks(_ mayBeOwn: @escaping @Sendable () -> Bool) {
        ownLock.withLock { $0 = mayBeOwn }
    }

    /// The busy handler's answer for its `attempt`th call on one lock: true to try again.
    func shouldRetry(attempt: Int32) -> Bool {
        if !(ownLock.withLock { $0 }?() ?? false) { clock.noteKeptOut() }
        if refusesToWait || LockWaiting.forbidden { return false }
        if withUnsafeCurrentTask(body: { $0?.isCancelled ?? false }) { return false }
        let now = ContinuousClock.now
        if attempt == 0 { started.withLock { $0 = now } }
        guard now - started.withLock({ $0 }) < timeout else { return false }
        Thread.sleep(forTimeInterval: Self.pause)
        return true
    }
}
