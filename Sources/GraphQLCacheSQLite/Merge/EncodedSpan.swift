import GraphQLCache

/// Where one record's JSON lies among the JSON of consecutive records, and whether it reads back
/// as the record: what `EncodedChunk` (the second thread's) and `EncodedBatch` (one thread's)
/// both hold, written by the one loop below.
struct EncodedSpan: Sendable {
    var start: Int
    var count: Int
    var roundTrips: Bool

    /// The span's bytes in `all`.
    func bytes(in all: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: all[start..<start + count])
    }

    /// Appends the JSON of `records[positions]` to `writer` as `RecordJSON.writeCheckingRoundTrip`
    /// writes it, and each record's span to `spans`.
    static func encode(_ records: IncomingRecords, _ positions: Range<Int>,
                       to writer: inout JSONWriter, spans: inout [EncodedSpan]) {
        spans.reserveCapacity(spans.count + positions.count)
        for position in positions {
            let start = writer.count
            let roundTrips = RecordJSON.writeCheckingRoundTrip(records.fields(at: position), to: &writer)
            spans.append(EncodedSpan(start: start, count: writer.count - start, roundTrips: roundTrips))
        }
    }
}
