import Synchronization

/// The changes other writers commit while one read of a watcher runs. Reads see a snapshot
/// (writers no longer wait for them), and a watcher learns what to observe only once the read
/// is done: a change committed meanwhile that touches what the read then depends on must still
/// make it read again (`QueryWatcher` replays it).
final class ChangeLog: Sendable {
    private let changes = Mutex<[CacheChange]>([])
    private let subscription = Mutex<CacheSubscription?>(nil)

    /// Starts logging `store`'s changes, except those written under `origin`.
    init(store: CacheStore, ignoring origin: ChangeOrigin) {
        let subscription = store.subscribe { [weak self] change in
            if change.origin != origin { self?.changes.withLock { $0.append(change) } }
        }
        self.subscription.withLock { $0 = subscription }
    }

    /// Stops logging; returns what was committed meanwhile, in commit order.
    func finish() -> [CacheChange] {
        subscription.withLock { $0 }?.cancel()
        return changes.withLock { $0 }
    }
}
