/// Sends one GraphQL operation and returns the server's response.
///
/// The store fetches through this protocol so that an app can use HTTP, tests a scripted queue
/// and the sample an in-process server. A response carrying GraphQL `errors` is returned, not
/// thrown; only a missing or unreadable response throws `GraphQLCacheError.network`.
public protocol NetworkTransport: Sendable {
    /// Sends `request`; returns the response or throws why there is none.
    func send(_ request: GraphQLRequest) async throws(GraphQLCacheError) -> TransportResponse
}
