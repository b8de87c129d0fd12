import GraphQLCache
import Synchronization

/// The harness's named watchers and change subscriptions, and the event lines they deliver,
/// queued until the harness writes them before the response of the request that caused them.
final class HarnessWatches: Sendable {
    private struct State {
        var watchers: [String: QueryWatcher] = [:]
        var subscriptions: [String: CacheSubscription] = [:]
        var pending: [String] = []
    }

    private let state = Mutex(State())

    /// How many watches are active.
    var count: Int { state.withLock { $0.watchers.count } }

    func watcher(named name: String) -> QueryWatcher? { state.withLock { $0.watchers[name] } }

    func add(_ watcher: QueryWatcher, named name: String) {
        state.withLock { $0.watchers[name] = watcher }
    }

    /// Forgets and returns the watcher `name`.
    func remove(named name: String) -> QueryWatcher? {
        state.withLock { $0.watchers.removeValue(forKey: name) }
    }

    func subscription(named name: String) -> CacheSubscription? { state.withLock { $0.subscriptions[name] } }

    func add(_ subscription: CacheSubscription, named name: String) {
        state.withLock { $0.subscriptions[name] = subscription }
    }

    /// Forgets and returns the subscription `name`.
    func removeSubscription(named name: String) -> CacheSubscription? {
        state.withLock { $0.subscriptions.removeValue(forKey: name) }
    }

    /// Queues an event line.
    func post(_ line: String) {
        state.withLock { $0.pending.append(line) }
    }

    /// The queued event lines, oldest first; empties the queue.
    func drain() -> [String] {
        state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
    }
}
