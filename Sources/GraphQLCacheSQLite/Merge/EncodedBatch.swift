import GraphQLCache

/// The JSON of one select batch's records, encoded in memory order just before the batch's
/// rows are read: how a merge without a second thread gets its encodings.
///
/// Why: encoding each record as its row came back walked the records in the order SQLite
/// returns rows (by key), which within a batch is no order in memory, so most records were met
/// as cache misses. Encoding the batch first walks them front to back. The buffers are reused
/// batch after batch, so a large merge holds one batch of JSON at a time and takes no fresh
/// memory (and its page faults) per batch; what must outlive the batch (the JSON of a record
/// with no row, to be inserted later) is copied out by the caller.
///
/// Unchecked `Sendable`: a `JSONWriter` is not, but a batch belongs to one merge and is only
/// ever used by the thread running that merge (inside its write lock); no second thread sees it.
struct EncodedBatch: @unchecked Sendable {
    private var writer = JSONWriter(reservingCapacity: 64 * 1_024)
    private var spans: [EncodedSpan] = []
    /// What `IncomingRecords.touch` read, folded: kept so that those reads are not optimised away.
    private var touched: UInt = 0
    /// The positions whose JSON the batch holds.
    private(set) var positions: Range<Int> = 0..<0

    /// Encodes `records[positions]` as `RecordJSON.writeCheckingRoundTrip` does, replacing the
    /// batch before.
    mutating func encode(_ records: IncomingRecords, _ positions: Range<Int>) {
        writer.removeAll()
        spans.removeAll(keepingCapacity: true)
        touched ^= records.touch(positions)
        EncodedSpan.encode(records, positions, to: &writer, spans: &spans)
        self.positions = positions
    }

    /// Calls `body` with the batch's JSON as one part of a `BatchEncodings`.
    func withContents<Result>(_ body: (BatchEncodings.Part) throws -> Result) rethrows -> Result {
        try writer.withBytes { try body(BatchEncodings.Part(first: positions.lowerBound, bytes: $0, spans: spans)) }
    }

    /// Calls `body` with the JSON of the record at `position` (one of `positions`) and whether
    /// it reads back as that record.
    func withEncoding<Result>(of position: Int,
                              _ body: (UnsafeBufferPointer<UInt8>, Bool) throws -> Result) rethrows -> Result {
        let span = spans[position - positions.lowerBound]
        return try writer.withBytes { try body(span.bytes(in: $0), span.roundTrips) }
    }
}
