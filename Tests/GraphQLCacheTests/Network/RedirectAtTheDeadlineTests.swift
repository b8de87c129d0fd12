import CacheTestSupport
import LoopbackHTTP
import Foundation
import GraphQLCache
import Testing

/// A redirect whose answer arrives as the transport's deadline fires: swift-corelibs-foundation
/// traps (`Received callback for HTTP redirection, but we're not waiting for it`) when a task
/// is cancelled between the redirect reaching the delegate and the delegate's answer. Three
/// sweeps of answers 20–39.5 ms late under a 30 ms deadline: without the fix the process
/// trapped within the first sweep in each of four runs.
@Suite struct RedirectAtTheDeadlineTests {
    @Test func aRedirectArrivingAtTheDeadlineEndsInAnErrorNotACrash() async throws {
        for step in 0..<120 {
            let delay = 0.020 + Double(step % 40) * 0.0005
            let server = try LoopbackHTTPServer { _ in .redirect(status: 307, location: "ftp://127.0.0.1/x", after: delay) }
            defer { server.stop() }
            await #expect(throws: GraphQLCacheError.self) {
                try await HTTPNetworkTransport(url: server.url, timeout: 0.03).send(HTTPNetworkTransportTests.heroRequest)
            }
        }
    }
}
