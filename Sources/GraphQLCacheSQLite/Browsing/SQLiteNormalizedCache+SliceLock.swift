import Foundation

extension SQLiteNormalizedCache {
    /// Runs one slice of a long background scan (the broken-row summary, `:find`) under the
    /// connection's lock, then pauses 0.2 ms before the next slice may take it. The lock is not
    /// fair: without the pause a scanning loop takes it straight back, and a key press waiting
    /// to read keys waits for the whole scan (690-760 ms on a million rows).
    func withSliceLock<T>(_ body: (inout sending State) throws -> sending T) throws -> sending T {
        defer { usleep(200) }
        return try state.withLock(body)
    }
}
