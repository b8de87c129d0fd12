import Foundation
import GraphQLCache
import Synchronization

/// A watcher whose updates run as background work, as the explorer's do
/// (`WatcherOptions.runUpdates`): a commit returns before the watch patches, so a bulk change
/// is timed to its return and the watch's patch from then to its delivery, each on its own.
final class BackgroundWatch: Sendable {
    private let watcher: QueryWatcher
    private let counter: WatchDeliveries

    /// Opens the watch and waits for its first result.
    init(client: GraphQLClient, query: GraphQLOperation) {
        let counter = WatchDeliveries()
        let options = WatcherOptions(runUpdates: { update in Task.detached { await update() } })
        let watcher = QueryWatcher(client: client, query: query, cachePolicy: .returnCacheDataDontFetch,
                                   refetchOnFailedUpdates: false, options: options) { _ in counter.add() }
        _ = client.waitFor { await watcher.fetch() }
        self.watcher = watcher
        self.counter = counter
    }

    func cancel() { watcher.cancel() }

    /// Runs `body` (a commit the watch hears of); returns the seconds it took and the seconds
    /// from its return to the watch's delivery.
    func time(_ what: String, _ body: () throws -> Void) throws -> (commit: Double, patch: Double) {
        let before = counter.count
        let clock = ContinuousClock()
        let start = clock.now
        try body()
        let committed = clock.now
        try counter.wait(above: before, for: what)
        return ((committed - start).secondsValue, (clock.now - committed).secondsValue)
    }
}

/// Counts a watcher's deliveries across threads.
final class WatchDeliveries: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }

    /// Waits until more than `count` deliveries were made; throws after two minutes, naming
    /// the change (`what`) that did not arrive.
    func wait(above count: Int, for what: String) throws {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(120)
        while self.count <= count {
            if clock.now > deadline { throw BenchmarkError("\(what) did not reach the 100,000-item watch") }
            usleep(100)
        }
    }
}
