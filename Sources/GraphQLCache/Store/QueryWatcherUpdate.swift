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
    /// When the state it shows was seen, on the watcher's own clock: a cache read counts from
    /// its start, a server's answer from its arrival. Reads in the background may finish out
    /// of order; the watcher never delivers an update older than one it delivered, and a
    /// consumer applying updates on another thread keeps the highest.
    public var sequence: UInt64

    /// An update made of its parts.
    public init(result: Result<QueryResult, GraphQLCacheError>, read: ReadResult? = nil, trigger: WatchTrigger? = nil,
                sequence: UInt64 = 0) {
        self.result = result
        self.read = read
        self.trigger = trigger
        self.sequence = sequence
    }
}
