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
