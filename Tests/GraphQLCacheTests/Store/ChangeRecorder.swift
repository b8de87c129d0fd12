import GraphQLCache
import Synchronization

/// Collects what a store's subscribers receive, for assertions.
final class ChangeRecorder: Sendable {
    private let changes = Mutex<[CacheChange]>([])

    func record(_ change: CacheChange) { changes.withLock { $0.append(change) } }

    var all: [CacheChange] { changes.withLock { $0 } }
    var count: Int { changes.withLock { $0.count } }

    /// Subscribes to `store`, recording every change.
    static func subscribed(to store: CacheStore) -> (ChangeRecorder, CacheSubscription) {
        let recorder = ChangeRecorder()
        let subscription = store.subscribe { recorder.record($0) }
        return (recorder, subscription)
    }
}
