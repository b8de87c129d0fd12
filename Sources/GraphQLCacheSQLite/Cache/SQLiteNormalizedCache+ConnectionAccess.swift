import Foundation
import GraphQLCache

extension SQLiteNormalizedCache {
    /// `state.withLock`, except where waiting is forbidden (`LockWaiting.forbidden`, the
    /// explorer's UI thread) while the connection is held by a call that waits for another
    /// process's lock: that call may hold it for the whole busy timeout, so this one fails at
    /// once as `busy` instead of waiting behind it. Used by the calls the UI makes for a frame
    /// (a page of keys, a count, the records shown).
    ///
    /// The UI goes first: background callers step aside while it waits, and while this process
    /// writes it stops waiting after `ConnectionTurns.uiPatience` (`ConnectionTurns`).
    ///
    /// `whileHeld`, when given, answers the UI instead of waiting while this process's own call
    /// holds the connection (not another process's lock: that is reported as `busy`); it must
    /// not block, and answers nil when it cannot (then the UI waits as before).
    func withConnection<T>(whileHeld: () -> sending T? = { nil },
                           _ body: (inout sending State) throws -> sending T) throws -> sending T {
        guard LockWaiting.forbidden else { return try withTurn { state throws -> T in try body(&state) } }
        turns.uiStartsWaiting()
        defer { turns.uiStopsWaiting() }
        let start = ContinuousClock.now
        var triedHeld = false
        while true {
            if let result = try state.withLockIfAvailable({ state throws -> T in try body(&state) }) { return result }
            if lockWaits.elapsed != nil { throw SQLiteError.busy(path: path, message: "another process holds its lock") }
            if !triedHeld, let answer = whileHeld() { return answer }
            triedHeld = true
            if turns.uiGivesUp(waitingSince: start) { throw SQLiteError.busyWithOwnWrite(path: path) }
            Thread.sleep(forTimeInterval: 0.000_05)
        }
    }

    /// `state.withLock` for a caller that is not the UI: after any UI caller waiting for it.
    func withTurn<T>(_ body: (inout sending State) throws -> sending T) throws -> sending T {
        turns.letUIGoFirst()
        return try state.withLock { state throws -> T in try body(&state) }
    }
}
