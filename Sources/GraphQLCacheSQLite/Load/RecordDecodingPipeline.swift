import Dispatch
import GraphQLCache
import Synchronization

/// Decodes the row batches of a large load on a second thread while the loading thread reads
/// the next batches from SQLite: the decoding (about twice SQLite's own work per row) overlaps
/// the reading instead of following it.
///
/// Why like this: a load of 100,000 records spent two thirds of its time decoding JSON into
/// records, work that needs nothing from the file. The loading thread copies each chunk's rows
/// out (a `RowBatch`) under the connection's lock and hands it over; the other thread decodes
/// batches in order from the first. Once every batch is read, the loading thread decodes the
/// batches nobody has begun, from the last, and waits only for a batch under way; so with no
/// free core the load costs about what it would on one thread plus the copy. Results are
/// taken in batch order, so the first broken row reported is the one a one-thread load meets.
final class RecordDecodingPipeline: Sendable {
    /// Loads of fewer keys decode on the loading thread.
    static let minimumKeys = 4_096

    private enum BatchState: Sendable {
        case waiting(RowBatch)
        case decoding
        case decoded(DecodedBatch)
        case taken
    }

    private struct State: Sendable {
        var batches: [BatchState] = []
        /// Signalled when the second thread has decoded the batch of the same index.
        var done: [DispatchSemaphore] = []
        /// The first batch the second thread has not looked at.
        var next = 0
        var stopping = false
    }

    private let state = Mutex(State())
    /// One signal per batch handed over, and one to stop.
    private let available = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the second thread, on a queue of its own (a global queue's limited pool could
    /// leave it waiting behind other work).
    init() {
        DispatchQueue(label: "CacheLens.RecordDecodingPipeline", qos: .userInitiated).async { [self] in
            decodeAhead()
            finished.signal()
        }
    }

    /// Hands a batch over; returns its index.
    @discardableResult
    func submit(_ batch: RowBatch) -> Int {
        let index = state.withLock { state in
            state.batches.append(.waiting(batch))
            state.done.append(DispatchSemaphore(value: 0))
            return state.batches.count - 1
        }
        available.signal()
        return index
    }

    /// The second thread: each batch handed over, in order, until stopped.
    private func decodeAhead() {
        while true {
            available.wait()
            let claimed = state.withLock { state -> (Int, RowBatch, DispatchSemaphore)? in
                // A load that stopped (its result taken, or a read failed) needs no more work.
                if state.stopping { return nil }
                while state.next < state.batches.count {
                    let index = state.next
                    state.next += 1
                    if case .waiting(let batch) = state.batches[index] {
                        state.batches[index] = .decoding
                        return (index, batch, state.done[index])
                    }
                }
                return nil
            }
            guard let (index, batch, done) = claimed else {
                if state.withLock({ $0.stopping }) { return }
                continue
            }
            let result = batch.decode()
            state.withLock { $0.batches[index] = .decoded(result) }
            done.signal()
        }
    }

    /// The decoded batch `index` if it is ready, without waiting (nil otherwise).
    func takeIfReady(_ index: Int) -> DecodedBatch? {
        state.withLock { state in
            guard case .decoded(let result) = state.batches[index] else { return nil }
            state.batches[index] = .taken
            return result
        }
    }

    /// Decodes here every batch nobody has begun, from the last; call once every batch is in.
    /// Returns the results by index.
    func decodeRemaining() -> [Int: DecodedBatch] {
        var results: [Int: DecodedBatch] = [:]
        while let (index, batch) = claimLast() { results[index] = batch.decode() }
        return results
    }

    private func claimLast() -> (Int, RowBatch)? {
        state.withLock { state in
            for index in state.batches.indices.reversed() {
                guard index >= state.next else { return nil }
                if case .waiting(let batch) = state.batches[index] {
                    state.batches[index] = .taken
                    return (index, batch)
                }
            }
            return nil
        }
    }

    /// What `take` does with a batch, decided under the lock.
    private enum Taking {
        case decoded(DecodedBatch)
        case decodeHere(RowBatch)
        case wait(DispatchSemaphore)
    }

    /// The decoded batch `index`, decoding it here if nobody has begun it, waiting for the
    /// second thread if it is decoding it. Call once per batch.
    func take(_ index: Int) -> DecodedBatch {
        while true {
            let taking = state.withLock { state -> Taking in
                switch state.batches[index] {
                case .decoded(let result):
                    state.batches[index] = .taken
                    return .decoded(result)
                case .waiting(let batch):
                    state.batches[index] = .taken
                    return .decodeHere(batch)
                case .decoding:
                    return .wait(state.done[index])
                case .taken:
                    preconditionFailure("batch \(index) of a load was taken twice")
                }
            }
            switch taking {
            case .decoded(let result): return result
            case .decodeHere(let batch): return batch.decode()
            case .wait(let done): done.wait()
            }
        }
    }

    /// Stops the second thread and waits for it, so that no work outlives the load; call once.
    func stop() {
        state.withLock { $0.stopping = true }
        available.signal()
        finished.wait()
    }
}
