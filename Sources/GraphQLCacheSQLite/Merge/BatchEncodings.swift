import GraphQLCache

/// The JSON of one select batch's records, read by position, valid while
/// `MergeEncodings.withBatch` runs: what the batched compare binds (without copying), and what a
/// differing row is then diffed against.
///
/// Why a view of buffers rather than a call per record: SQLite keeps the bound JSON until the
/// statement ends, so the JSON of every record of the batch must be valid at once. A batch
/// encoded on the merging thread is one buffer; one from the second thread is the two or three
/// chunks covering it.
struct BatchEncodings {
    /// Consecutive records' JSON: `spans[i]` is the record at position `first + i`.
    struct Part {
        var first: Int
        var bytes: UnsafeBufferPointer<UInt8>
        var spans: [EncodedSpan]
    }

    private let parts: [Part]

    /// Parts in position order, together covering the batch.
    init(_ parts: [Part]) {
        self.parts = parts
    }

    /// The JSON of the record at `position` and whether it reads back as that record.
    func encoding(of position: Int) -> (json: UnsafeBufferPointer<UInt8>, roundTrips: Bool) {
        var index = 0
        while index + 1 < parts.count, parts[index + 1].first <= position { index += 1 }
        let part = parts[index]
        let span = part.spans[position - part.first]
        return (span.bytes(in: part.bytes), span.roundTrips)
    }
}
