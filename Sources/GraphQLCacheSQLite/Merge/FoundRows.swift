/// The differing rows one batched compare returned, copied out as SQLite steps through them, to
/// be diffed with the incoming records once the batch's statement is done.
///
/// Why not compare as each row comes: the comparison (reading the record's JSON, a diff for a
/// changed row) interleaved with SQLite's own stepping made both slower; the select alone ran
/// about as fast as the floor's, and the copy costs less than the difference (perf and timers
/// on the one-thread re-merge of 10,000 records). Buffers are kept from batch to batch.
struct FoundRows {
    private struct Row {
        var position: Int
        var start: Int
        /// -1 when the record column is NULL.
        var count: Int
    }

    private var bytes: [UInt8] = []
    private var rows: [Row] = []

    /// Forgets the rows of the batch before.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
    }

    /// Keeps the row of the incoming record at `position`; a NULL record column comes as bytes
    /// without an address.
    mutating func append(position: Int, _ json: UnsafeBufferPointer<UInt8>) {
        rows.append(Row(position: position, start: bytes.count, count: json.baseAddress == nil ? -1 : json.count))
        bytes.append(contentsOf: json)
    }

    /// Calls `body` with each row kept: the incoming record's position, and the row's bytes
    /// (without an address for a NULL column, as `SQLiteRows.select` passes it; an empty one may
    /// lack an address too, which a merge treats alike: either row is broken and overwritten).
    func forEach(_ body: (Int, UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { all in
            for row in rows {
                let json = row.count < 0 ? UnsafeBufferPointer(start: nil, count: 0)
                    : UnsafeBufferPointer(rebasing: all[row.start..<row.start + row.count])
                try body(row.position, json)
            }
        }
    }
}
