import GraphQLCache

/// Where a merge finds the JSON of each incoming record: from a `RecordEncodingPipeline` for a
/// large merge, otherwise encoded on the spot into a buffer the caller reuses (so it stays in
/// the CPU cache).
struct MergeEncodings: Sendable {
    private let pipeline: RecordEncodingPipeline?
    /// The pipeline's chunks taken so far, kept until the merge ends: rows are read in batches
    /// whose records may be in any order, and new records are written after all are read.
    private var fetched: [EncodedChunk?]

    /// Starts encoding `records` on a second thread when `concurrently` and the merge is large.
    init(records: [Record], concurrently: Bool) {
        if concurrently, records.count >= RecordEncodingPipeline.minimumRecords {
            pipeline = RecordEncodingPipeline(records: records)
            fetched = Array(repeating: nil, count: (records.count + RecordEncodingPipeline.chunkSize - 1) / RecordEncodingPipeline.chunkSize)
        } else {
            pipeline = nil
            fetched = []
        }
    }

    /// Calls `body` with the JSON of `records[position]` and whether that JSON reads back as
    /// the record. The record itself is read only when it is encoded here: a record the other
    /// thread is encoding is not touched, which would bounce its reference counts between the
    /// two cores.
    mutating func withEncoding<Result>(
        of position: Int, in records: [Record], scratch: inout JSONWriter,
        _ body: (UnsafeBufferPointer<UInt8>, Bool) throws -> Result
    ) rethrows -> Result {
        guard let pipeline else {
            scratch.removeAll()
            let roundTrips = RecordJSON.writeCheckingRoundTrip(records[position].fields, to: &scratch)
            return try scratch.withBytes { try body($0, roundTrips) }
        }
        let index = position / RecordEncodingPipeline.chunkSize
        if fetched[index] == nil { fetched[index] = pipeline.chunk(index) }
        return try fetched[index]!.withEncoding(at: position % RecordEncodingPipeline.chunkSize, body)
    }

    /// Stops the encoding thread, if any, and waits for it; call once when the merge ends.
    func stop() {
        pipeline?.stop()
    }
}
