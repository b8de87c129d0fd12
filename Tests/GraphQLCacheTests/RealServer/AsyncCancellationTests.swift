import CacheTestSupport
import Foundation
import Testing
@testable import GraphQLCache

/// Cancellation as Apollo iOS 2.x reports it: a fetch from a slow real server (Ariadne,
/// `slow(seconds:)`) whose task is cancelled throws `CancellationError`, soon.
@Suite(.serialized, .enabled(if: AriadneServer.isAvailable, Comment(rawValue: AriadneServer.unavailableReason ?? "")))
struct AsyncCancellationTests {
    /// Every cancellation must throw `CancellationError`, and end before the server's answer
    /// (5 s): a fetch that waited for it was not cancelled. How soon is a benchmark's question
    /// (the `frozen` group's Esc figure), not a unit test's: under the whole suite on two cores
    /// the fastest of three took a second once.
    @Test(arguments: CacheKind.allCases)
    func aCancelledFetchFromASlowServerThrowsCancellationErrorBeforeTheServerAnswers(_ kind: CacheKind) async throws {
        let server = try AriadneServer.shared.get()
        var fastest = Duration.seconds(60)
        for _ in 0..<3 {
            let transport = HTTPNetworkTransport(url: server.graphQL, headers: [:], timeout: 30)
            let client = GraphQLClient(store: CacheStore(cache: kind.makeCache()), transport: transport)
            let query = try client.store.executor.operation(document: "{ slow(seconds: 5) }")
            let task = Task { try await client.fetch(query: query, cachePolicy: .networkOnly) }
            while client.networkRequestCount == 0 { await Task.yield() }
            let clock = ContinuousClock()
            let cancelled = clock.now
            task.cancel()
            let result = await task.result
            fastest = min(fastest, clock.now - cancelled)
            #expect(throws: CancellationError.self) { try result.get() }
        }
        #expect(fastest < .seconds(5))
    }

    @Test func aFetchInATaskCancelledBeforeItStartsSendsNothing() async throws {
        let fixture = ClientFixture()
        let query = try fixture.query("{ hero { name } }")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await fixture.client.fetch(query: query, cachePolicy: .networkOnly)
        }
        await #expect(throws: CancellationError.self) { _ = try await task.value }
        #expect(fixture.server.requestCount == 0)
    }
}
