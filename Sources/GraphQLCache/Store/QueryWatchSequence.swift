/// A query watched as an `AsyncSequence` (`GraphQLClient.watch(query:)`): each element is a
/// delivery of a `QueryWatcher` — a result, or a failure after which the watch goes on.
///
/// Iterating starts a watcher; the watcher is cancelled when the iteration ends (the loop is
/// left, the iterator is dropped) or when the iterating task is cancelled. Deliveries that
/// arrive faster than the loop takes them wait in order.
public struct QueryWatchSequence: AsyncSequence, Sendable {
    public typealias Element = Result<QueryResult, GraphQLCacheError>

    let client: GraphQLClient
    let query: GraphQLOperation
    let cachePolicy: CachePolicy
    let refetchOnFailedUpdates: Bool
    let options: WatcherOptions

    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream<Element>.makeStream()
        let watcher = QueryWatcher(client: client, query: query, cachePolicy: cachePolicy,
                                   refetchOnFailedUpdates: refetchOnFailedUpdates, options: options) { update in
            continuation.yield(update.result)
        }
        continuation.onTermination = { [weak watcher] _ in watcher?.cancel() }
        client.startTracked { await watcher.fetch() }
        return Iterator(stream: stream.makeAsyncIterator(), handle: WatchHandle(watcher: watcher))
    }

    /// Hands out the watcher's deliveries; dropping it cancels the watcher.
    public struct Iterator: AsyncIteratorProtocol {
        var stream: AsyncStream<Element>.Iterator
        let handle: WatchHandle

        public mutating func next() async -> Element? {
            await stream.next()
        }
    }

    /// Keeps the watcher while an iterator lives, and cancels it when the iterator goes.
    public final class WatchHandle: Sendable {
        /// The watcher behind the sequence (for `refetch()`).
        public let watcher: QueryWatcher

        init(watcher: QueryWatcher) { self.watcher = watcher }

        deinit { watcher.cancel() }
    }
}
