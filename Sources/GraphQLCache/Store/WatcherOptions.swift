/// How a `QueryWatcher` reads, where it re-reads and how it writes what it fetches. The
/// defaults behave as Apollo's watcher: re-read on the committing thread, write responses
/// straight into the store.
///
/// A tool with a UI thread (the explorer) passes `runUpdates`, so that a commit never waits
/// for the re-reads it causes, and `writeResponse`, to keep what a refetch replaced (for undo).
public struct WatcherOptions: Sendable {
    /// Starts `update` as background work (a task the caller tracks and may cancel). The
    /// watcher gives it at most one update at a time: changes committed while one runs are
    /// merged into one more re-read after it. Cancelling the task ends the update and drops
    /// the changes queued behind it (the next change wakes the watcher again).
    public typealias Runner = @Sendable (_ update: @escaping @Sendable () async -> Void) -> Void
    /// Writes a server response's records under the watcher's `origin`, instead of
    /// `CacheStore.merge`; `trigger` is the change whose failed re-read made the watcher
    /// refetch, nil for `fetch()` and `refetch()`.
    public typealias Writer = @Sendable (_ records: RecordSet, _ origin: ChangeOrigin, _ trigger: WatchTrigger?) throws -> Void

    /// How the cache is read (`missesAsNull` keeps a partial result's shape for display).
    public var readOptions: ReadOptions
    /// Where re-reads run; nil: on the thread that committed the change, before its commit
    /// call returns.
    public var runUpdates: Runner?
    /// How server responses are written; nil: merged into the store.
    public var writeResponse: Writer?

    /// Options; every default is Apollo's behaviour.
    public init(readOptions: ReadOptions = ReadOptions(), runUpdates: Runner? = nil, writeResponse: Writer? = nil) {
        self.readOptions = readOptions
        self.runUpdates = runUpdates
        self.writeResponse = writeResponse
    }
}
