import GraphQLCache

/// Stored rows (a record's JSON as the cache keeps it) decoded into records on every core, a
/// slice at a time so that the caller can say how far it got and stop between slices: the
/// explorer's delete keeps the records it removes for its undo, and decoding 100,000 rows on
/// one core was a third of the delete.
struct StoredRowDecoding {
    /// The records, in the order of the keys asked for.
    var records: [Record] = []
    /// The same records' fields by key, for the write log's deltas (`WriteLog.expect`).
    var fields: [CacheKey: [String: CacheValue]] = [:]
    /// The keys whose row is not a record (not JSON, say), in the order asked for.
    var broken: [CacheKey] = []

    /// Rows per slice between two progress reports and cancellation checks.
    static let slice = 8_192
    /// Below this many rows of a slice, it is decoded on the calling thread.
    static let sharedFrom = 2_048

    /// Decodes the rows of `keys` found in `rows` (keys without one are skipped), reporting
    /// the fraction done after each slice; throws `CancellationError` between slices when the
    /// calling task is cancelled.
    static func decode(_ keys: [CacheKey], rows: [CacheKey: [UInt8]], report: (Double) -> Void) throws -> StoredRowDecoding {
        let present = keys.compactMap { key in rows[key].map { (key, $0) } }
        var result = StoredRowDecoding()
        result.records.reserveCapacity(present.count)
        result.fields.reserveCapacity(present.count)
        for start in stride(from: 0, to: present.count, by: slice) {
            try Task.checkCancellation()
            let part = present[start..<min(present.count, start + slice)]
            for ((key, _), fields) in zip(part, decoded(part.map(\.1), keys: part.map(\.0))) {
                guard let fields else { result.broken.append(key); continue }
                result.records.append(Record(key: key, fields))
                result.fields[key] = fields
            }
            report(Double(start + part.count) / Double(max(1, present.count)))
        }
        return result
    }

    /// Each row's fields (nil: not a record), on every core for a large slice; each share
    /// decodes with a field name table of its own, as a load does (the rows' names made once,
    /// their objects' members gathered on one stack).
    private static func decoded(_ rows: [[UInt8]], keys: [CacheKey]) -> [[String: CacheValue]?] {
        ParallelMap.map(rows.count, sharedFrom: sharedFrom, context: { FieldNameTable() }) { names, index in
            try? rows[index].withUnsafeBufferPointer { try RecordJSON.decode(buffer: $0, key: keys[index], names: names) }
        }
    }
}
