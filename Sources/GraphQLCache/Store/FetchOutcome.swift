/// Everything a fetch delivered: its results in order and, if it ended in one, the error
/// (`returnCacheDataAndFetch` may deliver the cache's result and then a network error).
public struct FetchOutcome: Sendable, Equatable {
    /// The results in the order they were delivered.
    public var results: [QueryResult]
    /// The error the fetch ended with, if any.
    public var error: GraphQLCacheError?

    /// An outcome made of its parts.
    public init(results: [QueryResult] = [], error: GraphQLCacheError? = nil) {
        self.results = results
        self.error = error
    }
}
