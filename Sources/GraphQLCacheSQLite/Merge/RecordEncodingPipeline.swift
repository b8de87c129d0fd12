import Dispatch
import GraphQLCache
import Synchronization

/// Encodes the records of a large merge on a second thread, chunk by chunk in order, while the
/// merging thread works through SQLite: by the time a row is read or written, its record's
/// JSON is usually ready.
///
/// Why: a merge must encode every incoming record, to compare it with the stored row or to
/// write it, and that encoding is about as much work as SQLite's own for an unchanged row. It
/// needs nothing from the file, so on a machine with a free core it overlaps the selects and
/// upserts instead of adding to them. The merging thread never waits for a chunk the other
/// thread has not begun: it encodes that chunk itself, so on a busy machine (no free core) the
/// merge costs about what it would on one thread. Small merges (one changed field, the common
/// case) encode inline; the thread hand-off would cost more than it saves.
final class RecordEncodingPipeline: Sendable {
    /// Merges of fewer records encode on the merging thread.
    static let minimumRecords = 1_024
    /// Records per chunk: large enough that the hand-off per chunk is negligible, small enough
    /// that the first rows do not wait long.
    static let chunkSize = 256

    /// Where one chunk is.
    private enum ChunkState: Sendable {
        case waiting
        case encoding
        case encoded(EncodedChunk)
        case taken
    }

    private let records: IncomingRecords
    private let states: Mutex<[ChunkState]>
    /// Signalled when the second thread has encoded a chunk, for a merging thread waiting on it.
    private let encoded: [DispatchSemaphore]
    private let finished = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)

    /// Starts encoding `records` on a queue of its own. Not a global queue: those run a
    /// limited pool of threads, and a merge waiting for its encodings on one of them could
    /// wait for ever if every pool thread did the same; a private queue always gets a thread.
    init(records: IncomingRecords) {
        self.records = records
        let count = (records.count + Self.chunkSize - 1) / Self.chunkSize
        states = Mutex(Array(repeating: .waiting, count: count))
        encoded = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        DispatchQueue(label: "CacheLens.RecordEncodingPipeline", qos: .userInitiated).async { [self] in
            encodeAhead()
            finished.signal()
        }
    }

    /// The second thread's work: every chunk nobody has begun, in order, until stopped.
    private func encodeAhead() {
        for index in encoded.indices {
            if stopping.load(ordering: .relaxed) { return }
            let claimed = states.withLock { states in
                guard case .waiting = states[index] else { return false }
                states[index] = .encoding
                return true
            }
            guard claimed else { continue }
            let chunk = encode(index)
            states.withLock { $0[index] = .encoded(chunk) }
            encoded[index].signal()
        }
    }

    /// Chunk `index` (records `index * chunkSize ..<` the next chunk's): taken if encoded,
    /// encoded here if not begun, waited for if under way. Call it once per chunk, from the
    /// merging thread, before `stop()`.
    func chunk(_ index: Int) -> EncodedChunk {
        let state = states.withLock { states -> ChunkState in
            let state = states[index]
            switch state {
            case .waiting: states[index] = .taken
            case .encoded: states[index] = .taken
            case .encoding, .taken: break
            }
            return state
        }
        switch state {
        case .encoded(let chunk):
            return chunk
        case .waiting, .taken:
            return encode(index)
        case .encoding:
            encoded[index].wait()
            return states.withLock { states in
                defer { states[index] = .taken }
                guard case .encoded(let chunk) = states[index] else { return nil }
                return chunk
            } ?? encode(index)
        }
    }

    /// Stops the encoding (chunks not begun are skipped) and waits for the thread to finish,
    /// so that no work outlives the merge. Later calls return at once.
    func stop() {
        guard !stopping.exchange(true, ordering: .relaxed) else { return }
        finished.wait()
    }

    private func encode(_ index: Int) -> EncodedChunk {
        let start = index * Self.chunkSize
        return EncodedChunk(records, start..<min(start + Self.chunkSize, records.count))
    }
}
