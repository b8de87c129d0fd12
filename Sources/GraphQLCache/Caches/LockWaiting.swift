import Synchronization

/// Waiting for another process's lock on a cache file, made visible and optional.
///
/// A call that meets another process's lock (an app holding `BEGIN EXCLUSIVE` on the SQLite
/// file) waits up to the cache's busy timeout. On the explorer's UI thread that wait froze every
/// key and every frame for seconds, so the UI thread binds `forbidden` for the calls it makes: they
/// fail at once with the cache's "busy" error instead (`LockContention.isLockContention`), the
/// screen says it is waiting, and the work is done again once the lock is gone. Background work
/// keeps waiting, and `LockWaitReporting` tells the UI since when.
package enum LockWaiting {
    /// Whether calls made in this scope must fail at once rather than wait for a lock.
    @TaskLocal package static var forbidden = false
}

/// An error that means only "another process holds the lock": the same call may pass later.
package protocol LockContention: Error {
    /// Whether this error is lock contention (one case of a module's error enum).
    var isLockContention: Bool { get }
    /// Whether what kept the call out was this process's own work (a big change committing)
    /// held past the UI's patience, not another process: the UI says so, and reads again.
    var isOwnWork: Bool { get }
}

extension LockContention {
    package var isOwnWork: Bool { false }
}

/// A cache that can say whether a call of this process is being kept out by another
/// process's lock right now, and since when.
package protocol LockWaitReporting: AnyObject, Sendable {
    /// How long calls of this process have been kept out by another process's lock, without a
    /// pause longer than `LockWaitClock.streakGap`; nil when none is kept out now.
    var lockWaitElapsed: Duration? { get }
    /// The file whose lock that is (another process holding it can be looked up by it); nil
    /// when the cache has no file.
    var lockedFilePath: String? { get }
}

/// Notes each time a call is kept out by a lock (SQLite's busy handler), so that a reader on
/// another thread can tell whether the lock is held now and since when: a wait is "now" while
/// the last note is recent, and one wait runs while notes follow each other closely (the
/// UI's change-poll, kept out at every tick, counts as waiting too).
package final class LockWaitClock: Sendable {
    private struct Streak {
        var started: ContinuousClock.Instant
        var last: ContinuousClock.Instant
    }

    /// Notes further apart than this start a new wait; a note older than this is no wait now.
    package static let streakGap: Duration = .milliseconds(400)
    private let streak = Mutex<Streak?>(nil)

    package init() {}

    /// A call was kept out by a lock just now.
    package func noteKeptOut() {
        let now = ContinuousClock.now
        streak.withLock { streak in
            if let current = streak, now - current.last < Self.streakGap {
                streak?.last = now
            } else {
                streak = Streak(started: now, last: now)
            }
        }
    }

    /// How long the current wait has lasted, or nil when none is going on.
    package var elapsed: Duration? {
        let now = ContinuousClock.now
        return streak.withLock { streak in
            guard let current = streak, now - current.last < Self.streakGap else { return nil }
            return now - current.started
        }
    }
}
