import GraphQLCache

/// The JSON of consecutive records, one after the other, and where each one is.
struct EncodedChunk: Sendable {
    private let bytes: [UInt8]
    private let spans: [EncodedSpan]

    /// No records: a placeholder.
    init() {
        bytes = []
        spans = []
    }

    /// Whether the chunk holds no record (the placeholder).
    var isEmpty: Bool { spans.isEmpty }

    /// Encodes `records[positions]` as `RecordJSON.writeCheckingRoundTrip` does.
    init(_ records: IncomingRecords, _ positions: Range<Int>) {
        var writer = JSONWriter(reservingCapacity: positions.count * 256)
        var spans: [EncodedSpan] = []
        EncodedSpan.encode(records, positions, to: &writer, spans: &spans)
        bytes = writer.bytes
        self.spans = spans
    }

    /// Reads one byte of every cache line of the chunk, all at once, and returns them folded.
    ///
    /// Why: the chunk was written on the other core, so each first read of a line waits for it
    /// to cross over; reading them one record at a time, interleaved with SQLite's work, waited
    /// for each in turn (most of what comparing a record cost), while a tight loop keeps many
    /// in flight together.
    @inline(never)
    func pullIntoCache() -> UInt8 {
        var folded: UInt8 = 0
        bytes.withUnsafeBufferPointer { all in
            for offset in stride(from: 0, to: all.count, by: 64) { folded ^= all[offset] }
        }
        spans.withUnsafeBufferPointer { all in
            let raw = UnsafeRawBufferPointer(all)
            for offset in stride(from: 0, to: raw.count, by: 64) { folded ^= raw[offset] }
        }
        return folded
    }

    /// Calls `body` with the chunk's JSON as one part of a `BatchEncodings`, its first record
    /// at position `first`.
    func withContents<Result>(first: Int, _ body: (BatchEncodings.Part) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { try body(BatchEncodings.Part(first: first, bytes: $0, spans: spans)) }
    }

    /// Calls `body` with the JSON of the chunk's record at `offset` and whether it reads back
    /// as that record.
    func withEncoding<Result>(at offset: Int,
                              _ body: (UnsafeBufferPointer<UInt8>, Bool) throws -> Result) rethrows -> Result {
        let span = spans[offset]
        return try bytes.withUnsafeBufferPointer { all in
            try body(span.bytes(in: all), span.roundTrips)
        }
    }
}
