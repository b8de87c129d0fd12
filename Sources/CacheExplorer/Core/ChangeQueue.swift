import Synchronization

/// Store changes and watch deliveries arrive on other threads; they wait here, under a lock,
/// until the UI loop polls between keys (the loop blocks in the terminal, so nothing may be
/// dispatched onto it).
package final class ChangeQueue: Sendable {
    private let actions = Mutex<[Action]>([])

    package init() {}

    /// Adds an action (from any thread).
    package func post(_ action: Action) {
        actions.withLock { $0.append(action) }
    }

    /// Takes every waiting action, oldest first.
    package func drain() -> [Action] {
        actions.withLock { queue in
            defer { queue.removeAll() }
            return queue
        }
    }
}
