import Dispatch
import GraphQLCache
import Synchronization

/// Background work the explorer started (watch reads and fetches, console queries), counted so
/// that a synchronous driver (the harness `ui` op, tests) can wait until it has all finished,
/// and kept by id so that `Esc` can cancel it.
final class WorkTracker: Sendable {
    private struct State {
        var tasks: [Int: Task<Void, Never>] = [:]
        var nextID = 1
        var running = 0
        var waiters: [DispatchSemaphore] = []
    }

    private let state = Mutex(State())
    /// Work runs on a queue of its own: a synchronous driver blocked in `waitUntilIdle` on a
    /// thread of the cooperative pool (two on two cores) must not starve it.
    private let executor = DispatchTaskExecutor(label: "CacheExplorer.work")

    /// Runs `work` off the caller's thread, handing it its id; returns the id for `cancel(_:)`.
    @discardableResult
    func start(_ work: @escaping @Sendable (Int) async -> Void) -> Int {
        // The task is registered before it can finish, so `end` always finds it.
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.running += 1
            state.tasks[id] = Task(executorPreference: executor) { [weak self] in
                await work(id)
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

    /// Whether the work with `id` is still running.
    func isRunning(_ id: Int) -> Bool { state.withLock { $0.tasks[id] != nil } }

    /// Blocks the calling thread until no work is running. Never call it from the work itself.
    func waitUntilIdle() {
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

    private func end(_ id: Int) {
        let waiters = state.withLock { state -> [DispatchSemaphore] in
            state.tasks[id] = nil
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.signal() }
    }
}
