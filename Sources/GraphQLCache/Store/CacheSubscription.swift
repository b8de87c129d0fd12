import Synchronization

/// A handle on a store subscription or observation; `cancel()` stops further deliveries.
///
/// Cancelling is explicit (dropping the handle does not cancel), as with Apollo's
/// `ApolloStore.subscribe`; cancelling twice is harmless.
public final class CacheSubscription: Sendable {
    private let onCancel: Mutex<(@Sendable () -> Void)?>

    init(onCancel: @escaping @Sendable () -> Void) {
        self.onCancel = Mutex(onCancel)
    }

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
