import Dispatch
import GraphQLCache
import Synchronization

/// The record list's keys built off the UI thread: a `type:` or `re:` filter, or an order by
/// size or typename, over more keys than `ListKeys.inlineLimit` (`ListKeys.build` reads every
/// key, and for a typename or a size every record: seconds for a million). One build counts at
/// a time: starting another, or `stop`, makes the one under way end at its next chunk, and its
/// keys are never posted. Progress and the keys go to the explorer's inbox.
final class ListKeysWork: Sendable {
    private let current = Mutex(0)
    private let running = DispatchGroup()

    /// Starts building the keys `filter` lets through in `order`; returns the build's id.
    func start(_ filter: ListFilter, order: ListOrder, backend: any RecordBrowsing,
               post: @escaping @Sendable (Action) -> Void) -> Int {
        let id = current.withLock { id in
            id += 1
            return id
        }
        running.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            defer { running.leave() }
            let outcome = build(filter, order: order, backend: backend, id: id, post: post)
            if isCurrent(id) { post(.listKeysBuilt(id: id, outcome)) }
        }
        return id
    }

    private func build(_ filter: ListFilter, order: ListOrder, backend: any RecordBrowsing, id: Int,
                       post: @Sendable (Action) -> Void) -> ListBuilding.Outcome {
        do {
            let keys = try ListKeys.build(filter, order: order, backend: backend) { fraction in
                guard isCurrent(id) else { return false }
                post(.listKeysProgressed(id: id, fraction: fraction))
                return true
            }
            return .keys(keys)
        } catch is CancellationError {
            return .failed("stopped")
        } catch {
            return .failed("\(error)")
        }
    }

    /// Whether build `id` is still the one wanted.
    func isCurrent(_ id: Int) -> Bool { current.withLock { $0 == id } }

    /// Stops the build under way (its keys are not posted).
    func stop() { current.withLock { $0 += 1 } }

    /// Waits until no build runs (`Explorer.settle`).
    func waitUntilIdle() { running.wait() }
}
