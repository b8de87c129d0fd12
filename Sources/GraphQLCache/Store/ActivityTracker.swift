import Dispatch
import Synchronization

/// Counts a client's asynchronous work under way (fetches, watcher refetches; the explorer's
/// background reads) so that a synchronous caller, the harness, can wait until everything a
/// request set off has finished and every delivery it caused has been made.
package final class ActivityTracker: Sendable {
    private struct State {
        var running = 0
        var waiters: [DispatchSemaphore] = []
    }

    private let state = Mutex(State())

    /// A tracker with nothing under way.
    public init() {}

    /// Notes the start of a piece of work; pair with `end()`.
    public func begin() {
        state.withLock { $0.running += 1 }
    }

    /// Notes the end of a piece of work, waking waiters when none is left.
    public func end() {
        let waiters = state.withLock { state -> [DispatchSemaphore] in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.signal() }
    }

    /// Whether no work is under way.
    public var isIdle: Bool { state.withLock { $0.running == 0 } }

    /// Blocks the calling thread until no work is under way. Never call it from work the
    /// tracker counts (it would wait for itself).
    public func waitUntilIdle() {
        while true {
            let waiter = state.withLock { state -> DispatchSemaphore? in
                guard state.running > 0 else { return nil }
                let semaphore = DispatchSemaphore(value: 0)
                state.waiters.append(semaphore)
                return semaphore
            }
            guard let waiter else { return }
            waiter.wait()
        }
    }
}
