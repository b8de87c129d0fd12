/// A cache that other processes may write to as well (a SQLite file an app keeps writing while
/// the explorer or a harness looks at it). The store asks it what those commits changed, so that
/// they reach watchers and subscribers as changes like any other (`CacheStore.pollExternalChanges`).
public protocol ExternallyChangingCache: NormalizedCache {
    /// Starts remembering the records read from now on, so that later commits by others can be
    /// compared against them. Cheap to call again.
    func startTrackingExternalChanges() throws

    /// Looks for commits by other processes since the last look; returns what they changed,
    /// added or removed among the records read so far (and every record added), or nil when
    /// nobody else committed. `recordCount` counts the records concerned; it is 0 (and the
    /// change empty) when the commits touched only records never read.
    func externalChanges() throws -> (change: CacheChange, recordCount: Int)?
}
