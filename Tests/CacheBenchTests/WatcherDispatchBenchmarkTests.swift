@testable import CacheBench
import GraphQLCache
import Testing

@Suite struct WatcherDispatchBenchmarkTests {
    @Test func eachChangeReachesExactlyOneWatcher() throws {
        let bench = try WatcherDispatchBenchmark(watcherCount: 10)
        defer { bench.cancel() }
        #expect(bench.store.observerCount == 10)
        #expect(try bench.changeOneField() == 1)
        #expect(try bench.changeOneField() == 2)
        for _ in 0..<10 { try bench.changeOneField() }
        #expect(try bench.changeOneField() == 13)
    }
}
