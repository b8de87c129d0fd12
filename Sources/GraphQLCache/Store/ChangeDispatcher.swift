import Synchronization

/// Delivers committed changes to subscribers (every change) and observers (changes touching
/// their dependencies, found through the `ChangeIndex`).
///
/// Changes are posted in commit order while the store's write lock is held and delivered after
/// it is released, one change at a time and in that order, by whichever committing thread gets
/// there first: a handler may therefore read the store, or even write to it (the new change
/// is queued and delivered after the current one), without deadlock.
final class ChangeDispatcher: Sendable {
    typealias Handler = @Sendable (CacheChange) -> Void

    private struct State {
        var nextID: UInt64 = 1
        var subscribers: [UInt64: Handler] = [:]
        var observers: [UInt64: Handler] = [:]
        var index = ChangeIndex<UInt64>()
        var pending: [CacheChange] = []
        var delivering = false
    }

    private let state = Mutex(State())

    /// Registers a handler for every change; returns its id.
    func subscribe(_ handler: @escaping Handler) -> UInt64 {
        state.withLock { state in
            defer { state.nextID += 1 }
            state.subscribers[state.nextID] = handler
            return state.nextID
        }
    }

    /// Registers a handler for changes touching `dependencies` or `records`; returns its id.
    func observe(dependencies: FieldDependencies, records: Set<CacheKey>, _ handler: @escaping Handler) -> UInt64 {
        state.withLock { state in
            defer { state.nextID += 1 }
            state.observers[state.nextID] = handler
            state.index.set(state.nextID, dependencies: dependencies, records: records)
            return state.nextID
        }
    }

    /// Replaces what observer `id` depends on; ignored once it is removed. The previous
    /// dependencies are released after the lock (a read of 100,000 items held a few MB of them).
    func update(_ id: UInt64, dependencies: FieldDependencies, records: Set<CacheKey>) {
        let previous = state.withLock { state -> ChangeIndex<UInt64>.Dependencies? in
            guard state.observers[id] != nil else { return nil }
            return state.index.set(id, dependencies: dependencies, records: records)
        }
        withExtendedLifetime(previous) {}   // released here, after the lock
    }

    /// Removes a subscriber or observer: no delivery to it starts afterwards.
    func remove(_ id: UInt64) {
        state.withLock { state in
            state.subscribers[id] = nil
            state.observers[id] = nil
            state.index.remove(id)
        }
    }

    /// How many observers are registered.
    var observerCount: Int { state.withLock { $0.observers.count } }

    /// What observer `id` depends on now, if it is registered (shared with the index, not
    /// copied).
    func dependencies(of id: UInt64) -> ChangeIndex<UInt64>.Dependencies? {
        state.withLock { state in state.index.dependencies(of: id) }
    }

    /// Queues a committed change; call while the change's write lock is still held.
    func post(_ change: CacheChange) {
        state.withLock { $0.pending.append(change) }
    }

    /// Delivers queued changes unless another thread is already doing so (it will deliver
    /// ours too). Call after releasing the write lock.
    func drain() {
        let claimed = state.withLock { state in
            if state.delivering || state.pending.isEmpty { return false }
            state.delivering = true
            return true
        }
        guard claimed else { return }
        while let change = nextPending() { deliver(change) }
    }

    /// The next change to deliver, or nil after giving up the delivering role.
    private func nextPending() -> CacheChange? {
        state.withLock { state in
            if state.pending.isEmpty {
                state.delivering = false
                return nil
            }
            return state.pending.removeFirst()
        }
    }

    /// Calls subscribers, then affected observers, each in registration order.
    private func deliver(_ change: CacheChange) {
        let ids = state.withLock { state in
            state.subscribers.keys.sorted() + state.index.observers(affectedBy: change).sorted()
        }
        for id in ids {
            let handler = state.withLock { $0.subscribers[id] ?? $0.observers[id] }
            handler?(change)
        }
    }
}
