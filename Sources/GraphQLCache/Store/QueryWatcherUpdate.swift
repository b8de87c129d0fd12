/// One delivery of a `QueryWatcher` with everything a tool needs to show it: the result (as
/// Apollo's handlers receive it), the cache read behind it, and the change that woke the
/// watcher.
public struct QueryWatcherUpdate: Sendable {
    /// The result, or why there is none (a miss, a network failure).
    public var result: Result<QueryResult, GraphQLCacheError>
    /// The cache read that produced the result or the miss (partial data, every miss, what it
    /// depended on); nil when the result is a server's answer or the read failed.
    public var read: ReadResult?
    /// The change that made the watcher re-read; nil for a delivery of `fetch()` or
    /// `refetch()`, which nobody's change caused.
    public var trigger: WatchTrigger?

    /// An update made of its parts.
    public init(result: Result<QueryResult, GraphQLCacheError>, read: ReadResult? = nil, trigger: WatchTrigger? = nil) {
        self.result = result
        self.read = read
        self.trigger = trigger
    }
}
