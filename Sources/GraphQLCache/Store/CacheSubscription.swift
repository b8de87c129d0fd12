import Synchronization

/// A handle on a store subscription or observation; `cancel()` stops further deliveries.
///
/// A subscription lives as long as its handle: dropping the handle cancels it, as dropping a
/// `QueryWatcher` does (docs/LIBRARY.md, "Lifetimes"). Apollo iOS differs: its subscriptions and
/// watchers live until `cancel()`. Cancelling twice is harmless.
public final class CacheSubscription: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

    deinit { cancel() }

    /// Stops deliveries to this subscription's handler. A delivery already under way finishes.
    public func cancel() {
        let action = onCancel.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    /// Whether `cancel()` has been called.
    public var isCancelled: Bool { onCancel.withLock { $0 == nil } }
}
