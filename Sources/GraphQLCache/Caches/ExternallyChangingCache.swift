/// A cache that other processes may write to as well (a SQLite file an app keeps writing while
/// the explorer or a harness looks at it). The store asks it what those commits changed, so that
/// they reach watchers and subscribers as changes like any other (`CacheStore.pollExternalChanges`).
package protocol ExternallyChangingCache: NormalizedCache {
    /// Starts remembering the records read from now on, so that later commits by others can be
    /// compared against them. Cheap to call again.
    func startTrackingExternalChanges() throws

    /// Looks for commits by other processes since the last look; returns what they changed,
    /// added or removed among the records read so far (and every record added), or nil when
    /// nobody else committed. `recordCount` counts the records concerned; it is 0 (and the
    /// change empty) when the commits touched only records never read.
    func externalChanges() throws -> (change: CacheChange, recordCount: Int)?

    /// `externalChanges()`, failing at once instead of waiting when another process holds a
    /// lock the look needs: for a poll on a UI thread, which looks again at its next tick.
    func externalChangesWithoutWaiting() throws -> (change: CacheChange, recordCount: Int)?
}

extension ExternallyChangingCache {
    /// Waits as `externalChanges()` does.
    public func externalChangesWithoutWaiting() throws -> (change: CacheChange, recordCount: Int)? {
        try externalChanges()
    }
}
