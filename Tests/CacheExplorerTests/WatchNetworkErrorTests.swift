import CacheExplorer
import CacheTestSupport
import GraphQLCache
import Testing

/// The watches pane against a real GraphQL server (Ariadne on 127.0.0.1): a 400 answer's
/// GraphQL errors are shown one a line, as a 200 answer's are, not as one long string.
@Suite(.enabled(if: AriadneServer.isAvailable, Comment(rawValue: AriadneServer.unavailableReason ?? "")))
struct WatchNetworkErrorTests {
    @Test func aBadRequestShowsItsGraphQLErrorsLineByLine() throws {
        let server = try AriadneServer.shared.get()
        let cache = InMemoryNormalizedCache()
        let client = GraphQLClient(store: CacheStore(cache: cache),
                                   transport: HTTPNetworkTransport(url: server.graphQL, timeout: 10))
        let watches = WatchList(client: client, browsing: cache, usesNetwork: true)
        _ = try watches.add(name: "bad", document: "{ nope }")
        watches.waitUntilIdle()
        #expect(watches.snapshots.first?.resultLines == [
            "✗ HTTP 400 with GraphQL errors:",
            "✗ Cannot query field 'nope' on type 'Query'.",
        ])
    }
}
