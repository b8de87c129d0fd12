import Synchronization

/// The `:find` searches a backend runs: ids handed out, and which were asked to stop.
final class FindRegistry: Sendable {
    private struct State {
        var nextID = 1
        var running: Set<Int> = []
        var cancelled: Set<Int> = []
    }

    private let state = Mutex(State())

    /// A new search's id.
    func start() -> Int {
        state.withLock { state in
            defer { state.nextID += 1 }
            state.running.insert(state.nextID)
            return state.nextID
        }
    }

    /// Asks search `id` to stop before its next slice.
    func cancel(_ id: Int) {
        state.withLock { state in if state.running.contains(id) { state.cancelled.insert(id) } }
    }

    func isCancelled(_ id: Int) -> Bool { state.withLock { $0.cancelled.contains(id) } }

    /// Search `id` is over.
    func end(_ id: Int) {
        state.withLock { state in
            state.running.remove(id)
            state.cancelled.remove(id)
        }
    }
}
