/// One result of a fetch or a watcher: data, GraphQL errors, and where it came from.
public struct GraphQLResult: Sendable, Equatable {
    /// Where a result came from.
    public enum Source: String, Sendable, Hashable {
        case cache, server
    }

    /// The data (partial when the server reported errors); nil when there is none.
    public var data: JSONObject?
    /// GraphQL errors from the server, each an object with at least `message`.
    public var errors: [JSONObject]
    /// Server extensions, if any.
    public var extensions: JSONObject?
    /// Cache or server.
    public var source: Source
    /// The field keys this result depends on: a watcher re-reads when one of them changes.
    public var dependentKeys: Set<FieldKey>

    public init(data: JSONObject?, errors: [JSONObject] = [], extensions: JSONObject? = nil,
                source: Source, dependentKeys: Set<FieldKey> = []) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
        self.source = source
        self.dependentKeys = dependentKeys
    }
}

/// Why a fetch or a watcher produced an error instead of (or after) a result.
public enum GraphQLClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The transport failed (no GraphQL response at all).
    case network(NetworkError)
    /// The cache could not answer and the policy does not allow the network.
    case cacheMiss(CacheMiss)
    /// The server's data does not fit the document (it cannot be normalized).
    case invalidResponse(String)
    /// The server answered with neither data nor errors.
    case noResults
    /// The cache failed (a broken file); the message names it.
    case storage(String)

    public var description: String {
        switch self {
        case .network(let error): return "network: \(error)"
        case .cacheMiss(let miss): return miss.description
        case .invalidResponse(let message): return "invalid response data: \(message)"
        case .noResults: return "the server returned neither data nor errors"
        case .storage(let message): return message
        }
    }
}

/// Everything a fetch delivered: its results in order and, if it ended in one, the error
/// (`returnCacheDataAndFetch` may deliver the cache's result and then a network error).
public struct FetchOutcome: Sendable, Equatable {
    public var results: [GraphQLResult]
    public var error: GraphQLClientError?

    public init(results: [GraphQLResult] = [], error: GraphQLClientError? = nil) {
        self.results = results
        self.error = error
    }
}
