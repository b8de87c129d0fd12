/// Everything a fetch delivered: its results in order and, if it ended in one, the error
/// (`returnCacheDataAndFetch` may deliver the cache's result and then a network error).
public struct FetchOutcome: Sendable, Equatable {
    public var results: [QueryResult]
    public var error: GraphQLClientError?

    public init(results: [QueryResult] = [], error: GraphQLClientError? = nil) {
        self.results = results
        self.error = error
    }
}
