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
/// upserts instead of adding to them. With no free core the chunks are simply produced as
/// they are asked for: the merge costs what it would on one thread. Small merges (one changed
/// field, the common case) encode inline; the thread hand-off would cost more than it saves.
final class RecordEncodingPipeline: Sendable {
    /// Merges of fewer records encode on the merging thread.
    static let minimumRecords = 1_024
    /// Records per chunk: large enough that waking the merging thread is rare, small enough
    /// that the first rows do not wait long.
    static let chunkSize = 256

    private let chunks: Mutex<[EncodedChunk?]>
    private let ready: [DispatchSemaphore]
    private let finished = DispatchSemaphore(value: 0)
    private let stopping = Atomic<Bool>(false)

    /// Starts encoding `records` on a queue of its own. Not a global queue: those run a
    /// limited pool of threads, and a merge waiting for its encodings on one of them could
    /// wait for ever if every pool thread did the same; a private queue always gets a thread.
    init(records: [Record]) {
        let count = (records.count + Self.chunkSize - 1) / Self.chunkSize
        chunks = Mutex(Array(repeating: nil, count: count))
        ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        DispatchQueue(label: "CacheLens.RecordEncodingPipeline", qos: .userInitiated).async { [self] in
            for index in 0..<count {
                if stopping.load(ordering: .relaxed) { break }
                let start = index * Self.chunkSize
                let chunk = EncodedChunk(records[start..<min(start + Self.chunkSize, records.count)])
                chunks.withLock { $0[index] = chunk }
                ready[index].signal()
            }
            finished.signal()
        }
    }

    /// Chunk `index` (records `index * chunkSize ..<` the next chunk's), waiting until it is
    /// encoded. Call it once per chunk, from the merging thread, before `stop()`.
    func chunk(_ index: Int) -> EncodedChunk {
        ready[index].wait()
        return chunks.withLock { chunks in
            defer { chunks[index] = nil }
            return chunks[index]!
        }
    }

    /// Stops the encoding (chunks not begun are skipped) and waits for the thread to finish,
    /// so that no work outlives the merge.
    func stop() {
        stopping.store(true, ordering: .relaxed)
        finished.wait()
    }
}

/// The JSON of consecutive records, one after the other, and where each one is.
struct EncodedChunk: Sendable {
    private struct Span: Sendable {
        var start: Int
        var count: Int
        var roundTrips: Bool
    }

    private let bytes: [UInt8]
    private let spans: [Span]

    /// Encodes `records` as `RecordJSON.writeCheckingRoundTrip` does.
    init(_ records: ArraySlice<Record>) {
        var writer = JSONWriter(reservingCapacity: records.count * 256)
        var spans: [Span] = []
        spans.reserveCapacity(records.count)
        for record in records {
            let start = writer.count
            let roundTrips = RecordJSON.writeCheckingRoundTrip(record.fields, to: &writer)
            spans.append(Span(start: start, count: writer.count - start, roundTrips: roundTrips))
        }
        bytes = writer.bytes
        self.spans = spans
    }

    /// Calls `body` with the JSON of the chunk's record at `offset` and whether it reads back
    /// as that record.
    func withEncoding<Result>(at offset: Int,
                              _ body: (UnsafeBufferPointer<UInt8>, Bool) throws -> Result) rethrows -> Result {
        let span = spans[offset]
        return try bytes.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[span.start..<span.start + span.count]), span.roundTrips)
        }
    }
}
