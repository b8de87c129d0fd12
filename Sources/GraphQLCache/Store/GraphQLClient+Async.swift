/// Apollo iOS 2.x's client calls: `try await fetch(query:cachePolicy:)` returns the result and
/// throws on failure, `cacheAndNetwork` gives an `AsyncThrowingStream` of results,
/// `perform(mutation:)` sends a mutation. A task cancelled while it waits throws
/// `CancellationError`, as Apollo's calls do.
extension GraphQLClient {
    /// Fetches `query` with a policy that gives one result, and returns it: the cache's data,
    /// or the server's (written to the cache unless the policy says not to). Throws the error
    /// the fetch ended with: `GraphQLCacheError.cacheMiss` under `cacheOnly` (unless
    /// `returnPartialData`, which returns the data found with `missingFields`), `network`,
    /// `noResults`; `CancellationError` when the task is cancelled.
    public func fetch(query: GraphQLOperation, cachePolicy: CachePolicy.SingleResponse = .cacheFirst,
                      returnPartialData: Bool = false) async throws -> QueryResult {
        try Task.checkCancellation()
        let outcome = await fetchAll(query: query, cachePolicy: cachePolicy.policy,
                                     readOptions: Self.readOptions(partial: returnPartialData))
        try Task.checkCancellation()
        if let error = outcome.error { throw error }
        guard let result = outcome.results.last else { throw GraphQLCacheError.noResults }
        return result
    }

    /// Fetches `query` from the cache and then from the server: the stream yields the cache's
    /// result (when the cache holds it whole), then the server's, and ends; a failure ends it
    /// with the error. Ending the iteration early, or cancelling its task, cancels the fetch.
    public func fetch(query: GraphQLOperation,
                      cachePolicy: CachePolicy.CacheAndNetwork) -> AsyncThrowingStream<QueryResult, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                let outcome = await self.fetchAll(query: query, cachePolicy: .cacheAndNetwork) { result in
                    if case .success(let value) = result { continuation.yield(value) }
                }
                if Task.isCancelled {
                    continuation.finish(throwing: CancellationError())
                } else {
                    continuation.finish(throwing: outcome.error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// Sends `mutation` to the server and returns its result; the data is written to the cache
    /// (Apollo's `perform(mutation:)`). Throws as `fetch(query:cachePolicy:)` does.
    public func perform(mutation: GraphQLOperation) async throws -> QueryResult {
        try Task.checkCancellation()
        let outcome = await fetchAll(query: mutation, cachePolicy: .networkOnly)
        try Task.checkCancellation()
        if let error = outcome.error { throw error }
        guard let result = outcome.results.last else { throw GraphQLCacheError.noResults }
        return result
    }

    /// Watches `query` as an `AsyncSequence` of results (or failures, after which the watch
    /// goes on, as Apollo's watcher does): the first results come from a fetch with
    /// `cachePolicy`, then one per change that touches what the query read. The watcher lives
    /// while the sequence is iterated: ending the loop, or cancelling its task, cancels it.
    /// With `returnPartialData`, a read that misses delivers the data found with
    /// `missingFields` instead of a miss.
    public func watch(query: GraphQLOperation, cachePolicy: CachePolicy = .cacheFirst,
                      refetchOnFailedUpdates: Bool = true, returnPartialData: Bool = false) -> QueryWatchSequence {
        QueryWatchSequence(client: self, query: query, cachePolicy: cachePolicy,
                           refetchOnFailedUpdates: refetchOnFailedUpdates,
                           options: WatcherOptions(readOptions: Self.readOptions(partial: returnPartialData)))
    }

    /// The read options of a partial read (misses as null, reported) or of a whole one.
    static func readOptions(partial: Bool) -> ReadOptions {
        partial ? ReadOptions(missesAsNull: true, returnPartialData: true) : ReadOptions()
    }
}
