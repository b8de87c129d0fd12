import GraphQLCache

/// The `count` largest rows of a scan, as `ORDER BY length(CAST("record" AS BLOB)) DESC, "key"
/// LIMIT count` would list them: largest first, equal sizes by key bytes (SQLite's `BINARY`
/// order), a NULL record after every other (SQLite sorts NULL lowest).
///
/// Why not the SQL: it was a second scan of the whole file, with a sort, beside the scan that
/// reads every row anyway; offering each row here costs one comparison with the smallest kept.
struct LargestRows {
    /// One kept row: its record's byte length (nil when NULL) and its key's bytes.
    private struct Entry {
        var bytes: Int?
        var key: [UInt8]

        /// Whether this row is listed before `other`.
        func precedes(_ other: Entry) -> Bool {
            let size = bytes ?? -1, otherSize = other.bytes ?? -1
            if size != otherSize { return size > otherSize }
            return key.lexicographicallyPrecedes(other.key)
        }
    }

    private let count: Int
    /// Kept rows, in listing order.
    private var entries: [Entry] = []

    init(count: Int) { self.count = max(count, 0) }

    /// Offers a row; `key` is read only when the row would be kept.
    mutating func offer(bytes: Int?, key: UnsafeBufferPointer<UInt8>) {
        guard count > 0 else { return }
        if entries.count == count, let last = entries.last {
            let size = bytes ?? -1, lastSize = last.bytes ?? -1
            if size < lastSize { return }
            if size == lastSize, !key.lexicographicallyPrecedes(last.key) { return }
        }
        let entry = Entry(bytes: bytes, key: Array(key))
        let position = entries.firstIndex { entry.precedes($0) } ?? entries.count
        entries.insert(entry, at: position)
        if entries.count > count { entries.removeLast() }
    }

    /// The kept rows, largest first; a NULL record's size is 0, a key's invalid UTF-8 repaired.
    var sizes: [CacheStatistics.Size] {
        entries.map { CacheStatistics.Size(key: String(decoding: $0.key, as: UTF8.self), bytes: $0.bytes ?? 0) }
    }
}
