import GraphQLCache

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
