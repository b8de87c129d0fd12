import Dispatch
import Synchronization

/// A gate that background work waits at until the test opens it; once open it stays open.
/// What a test uses to look at work that is surely under way, however threads are scheduled.
public final class Gate: @unchecked Sendable {
    private let group = DispatchGroup()
    private let opened = Mutex(false)

    public init() { group.enter() }

    /// Waits until the gate is open (a minute at most, so that a test that never opens it fails
    /// rather than hangs).
    public func pass() { _ = group.wait(timeout: .now() + 60) }

    /// Opens the gate for every waiter, now and later.
    public func open() {
        guard opened.withLock({ was in defer { was = true }; return !was }) else { return }
        group.leave()
    }
}
