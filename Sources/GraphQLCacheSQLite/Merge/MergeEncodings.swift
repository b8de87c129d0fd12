import GraphQLCache

/// Where a merge finds the JSON of each incoming record: from a `RecordEncodingPipeline` for a
/// large merge with a second thread; otherwise from the `EncodedBatch` of the select batch
/// being read, or, outside any (the writes of a merge that read no rows), of a batch encoded
/// when its first record is asked for.
struct MergeEncodings: Sendable {
    private let pipeline: RecordEncodingPipeline?
    /// The pipeline's chunks taken so far (empty ones where not taken yet: a real chunk holds
    /// at least one record), kept until the merge ends: rows are read in batches whose records
    /// may be in any order, and new records are written after all are read. Not optionals: a
    /// chunk is used in place, where unwrapping one copied it, two atomic reference-count
    /// changes per row.
    private var fetched: [EncodedChunk]
    /// Without a pipeline: the current select batch's JSON. Only the merging thread has it.
    private var batch = EncodedBatch()
    /// The bytes `pullIntoCache` read, folded: kept so that those reads are not optimised away.
    private var pulled: UInt8 = 0

    /// Starts encoding `records` on a second thread when `concurrently` and the merge is large.
    init(records: IncomingRecords, concurrently: Bool) {
        if concurrently, records.count >= RecordEncodingPipeline.minimumRecords {
            pipeline = RecordEncodingPipeline(records: records)
            let chunks = (records.count + RecordEncodingPipeline.chunkSize - 1) / RecordEncodingPipeline.chunkSize
            fetched = Array(repeating: EncodedChunk(), count: chunks)
        } else {
            pipeline = nil
            fetched = []
        }
    }

    /// Whether a record's JSON stays available until the merge ends. When false, the JSON of a
    /// batch is gone once the next batch is prepared, and a caller copies what it still needs.
    var keepsEncodings: Bool { pipeline != nil }

    /// How many records `withEncoding` encodes together outside a select batch.
    static let writeBatchSize = 512

    /// Readies the JSON of `records[positions]`, the keys of the select batch about to be read.
    mutating func prepareBatch(_ positions: Range<Int>, of records: IncomingRecords) {
        if pipeline == nil { batch.encode(records, positions) }
    }

    /// Calls `body` with the JSON of `records[position]` and whether that JSON reads back as
    /// the record. The record itself is read only when it is encoded here: a record the other
    /// thread is encoding is not touched, which would bounce its reference counts between the
    /// two cores.
    ///
    /// Without a second thread, a record outside the current batch starts a new batch there,
    /// of `writeBatchSize` records. Only the writes of a merge that read no rows (into an empty
    /// table) ask for one, and they go front to back, so each batch is used whole. Why not encode
    /// each record as it is written: SQLite's upsert and the encoder then took turns evicting
    /// each other's data from the CPU caches; encoding a batch first took a one-thread merge of
    /// 10,000 new records from 26.6–27.1 ms to 25.0–25.3 ms.
    mutating func withEncoding<Result>(
        of position: Int, in records: IncomingRecords, _ body: (UnsafeBufferPointer<UInt8>, Bool) throws -> Result
    ) rethrows -> Result {
        guard let pipeline else {
            if !batch.positions.contains(position) {
                batch.encode(records, position..<min(position + Self.writeBatchSize, records.count))
            }
            return try batch.withEncoding(of: position, body)
        }
        let index = position / RecordEncodingPipeline.chunkSize
        fetch(index, from: pipeline)
        return try fetched[index].withEncoding(at: position % RecordEncodingPipeline.chunkSize, body)
    }

    /// Calls `body` with the JSON of `records[positions]`, the batch `prepareBatch` readied, all
    /// valid until `body` returns.
    mutating func withBatch<Result>(_ positions: Range<Int>,
                                    _ body: (BatchEncodings) throws -> Result) rethrows -> Result {
        guard let pipeline else {
            assert(batch.positions == positions, "withBatch(\(positions)) after prepareBatch(\(batch.positions))")
            return try batch.withContents { try body(BatchEncodings([$0])) }
        }
        let size = RecordEncodingPipeline.chunkSize
        let chunks = positions.lowerBound / size..<(positions.upperBound - 1) / size + 1
        for index in chunks { fetch(index, from: pipeline) }
        return try Self.withChunks(fetched, chunks, parts: [], body)
    }

    /// Nests the chunks' `withContents`, so that every chunk's bytes are valid in `body`.
    private static func withChunks<Result>(_ fetched: [EncodedChunk], _ chunks: Range<Int>, parts: [BatchEncodings.Part],
                                           _ body: (BatchEncodings) throws -> Result) rethrows -> Result {
        guard let index = chunks.first else { return try body(BatchEncodings(parts)) }
        return try fetched[index].withContents(first: index * RecordEncodingPipeline.chunkSize) { part in
            try withChunks(fetched, chunks.dropFirst(), parts: parts + [part], body)
        }
    }

    /// Takes chunk `index` from the pipeline (waiting for it) unless taken already.
    private mutating func fetch(_ index: Int, from pipeline: RecordEncodingPipeline) {
        guard fetched[index].isEmpty else { return }
        fetched[index] = pipeline.chunk(index)
        pulled ^= fetched[index].pullIntoCache()
    }

    /// Stops the encoding thread, if any, and waits for it; call once when the merge ends.
    func stop() {
        pipeline?.stop()
    }
}
