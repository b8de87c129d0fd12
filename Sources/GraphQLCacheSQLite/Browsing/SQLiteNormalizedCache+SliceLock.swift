import Foundation

extension SQLiteNormalizedCache {
    /// Runs one slice of a long background scan on the cache's connection (the broken-row
    /// summary; `:find` where no second connection can read the file) under its lock, after the
    /// UI (`ConnectionTurns.letUIGoFirst`), then pauses 0.2 ms before the next slice may take it.
    ///
    /// Why both: the UI's turn makes a key press wait for the slice under way once, not once
    /// per read of its frame. The pause is for callers that do not announce themselves: the
    /// lock is not fair, and without it a scanning loop takes the lock straight back, so that
    /// such a caller waited for the whole scan (690–760 ms on a million rows).
    func withSliceLock<T>(_ body: (inout sending State) throws -> sending T) throws -> sending T {
        defer { usleep(200) }
        return try withTurn(body)
    }
}
