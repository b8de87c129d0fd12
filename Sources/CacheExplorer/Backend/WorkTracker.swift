import GraphQLCache
import Synchronization

/// Background work the explorer started (watch reads and fetches, console queries), counted so
/// that a synchronous driver (the harness `ui` op, tests) can wait until it has all finished,
/// and kept by id so that `Esc` can cancel it.
final class WorkTracker: Sendable {
    private struct State {
        var tasks: [Int: Task<Void, Never>] = [:]
        var nextID = 1
    }

    private let state = Mutex(State())
    private let activity = ActivityTracker()
    /// Work runs on a queue of its own: a synchronous driver blocked in `waitUntilIdle` on a
    /// thread of the cooperative pool (two on two cores) must not starve it.
    private let executor = DispatchTaskExecutor(label: "CacheExplorer.work")

    /// Runs `work` off the caller's thread, handing it its id; returns the id for `cancel(_:)`.
    @discardableResult
    func start(_ work: @escaping @Sendable (Int) async -> Void) -> Int {
        activity.begin()
        // The task is registered before it can finish, so `end` always finds it.
        return state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            // Background work waits for other processes' locks, though the UI thread that
            // started it may not (`LockWaiting.forbidden` is inherited by tasks).
            state.tasks[id] = Task(executorPreference: executor) { [weak self] in
                await LockWaiting.$forbidden.withValue(false) { await work(id) }
                self?.end(id)
            }
            return id
        }
    }

    /// Cancels the work with `id` (a read stops at its next check); true when it was running.
    @discardableResult
    func cancel(_ id: Int) -> Bool {
        guard let task = state.withLock({ $0.tasks[id] }) else { return false }
        task.cancel()
        return true
    }

    /// Blocks the calling thread until no work is running. Never call it from the work itself.
    func waitUntilIdle() { activity.waitUntilIdle() }

    private func end(_ id: Int) {
        _ = state.withLock { $0.tasks.removeValue(forKey: id) }
        activity.end()
    }
}
