import Foundation
@testable import GraphQLCache
import Testing

/// A fetch cancelled just as its request starts: swift-corelibs-foundation traps (`Trying to
/// access a behaviour for a task that in not in the registry`) when a task is cancelled while
/// its session looks the request up in its URL cache on a background queue
/// (`URLSessionTask._getProtocol`: the lookup runs whenever the configuration has a URL cache,
/// whatever the request's cache policy). The full suite crashed so once, in a cancelled fetch
/// from a slow server; a user's `Esc` on a console query could have too. The window is too
/// narrow to hit on demand (4,000 cancels at 0–0.3 ms, on an idle and on a loaded machine,
/// never trapped), so what is tested is its gate: the transport's session keeps no URL cache.
@Suite struct CancelAsTheFetchStartsTests {
    @Test func theTransportsSessionKeepsNoURLCache() {
        let transport = HTTPNetworkTransport(url: URL(string: "http://127.0.0.1:9/graphql")!)
        #expect(!transport.sessionHasURLCache)
    }
}
