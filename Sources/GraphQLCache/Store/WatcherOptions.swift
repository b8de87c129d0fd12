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
    /// Whether a re-read that missed after `trigger` refetches.
    public typealias RefetchFilter = @Sendable (_ trigger: WatchTrigger) -> Bool

    /// How the cache is read (`missesAsNull` keeps a partial result's shape for display).
    public var readOptions: ReadOptions
    /// Where re-reads run; nil: on the thread that committed the change, before its commit
    /// call returns.
    public var runUpdates: Runner?
    /// How server responses are written; nil: merged into the store.
    public var writeResponse: Writer?
    /// Asked, when a re-read after a change misses and the watcher would refetch (it refetches
    /// on failed updates and its policy may use the network), whether to; when it says no, the
    /// watcher delivers the miss instead. nil: always refetch (Apollo's behaviour).
    ///
    /// Why: a tool that takes back what a fetch wrote (the explorer's undo) would otherwise see
    /// the watcher fetch the same data back at once; saying no for that change keeps the undo.
    public var refetchesAfterMiss: RefetchFilter?

    /// Options; every default is Apollo's behaviour.
    public init(readOptions: ReadOptions = ReadOptions(), runUpdates: Runner? = nil, writeResponse: Writer? = nil,
                refetchesAfterMiss: RefetchFilter? = nil) {
        self.readOptions = readOptions
        self.runUpdates = runUpdates
        self.writeResponse = writeResponse
        self.refetchesAfterMiss = refetchesAfterMiss
    }
}
