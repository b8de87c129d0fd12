/// Rows as a cache stores them: each key's and record's bytes exactly (a record that is not
/// JSON, a NULL record, a key that is not UTF-8 included), in one byte buffer, for work that
/// takes rows out and may put them back as they were (the explorer's delete and its undo).
///
/// Why bytes and not records: a delete of 100,000 records that decoded each row for its undo,
/// and an undo that encoded each record again to write it, spent most of their time on JSON;
/// a row kept as it was is put back as it was, a broken one too.
package struct StoredRows: Sendable, Hashable {
    /// The rows' keys, in the order the rows were added (a key that is not UTF-8 is shown with
    /// replacement characters here; `keyBytes` has it exactly).
    package private(set) var keys: [CacheKey] = []
    /// Every row's key bytes then record bytes, one row after the other.
    private var bytes: [UInt8] = []
    /// Where each row's key ends and where its record ends in `bytes`.
    private var keyEnds: [Int] = []
    private var recordEnds: [Int] = []
    /// The rows whose record is NULL, by position (rare: a hostile file).
    private var nullRecords: Set<Int> = []
    /// The rows whose key or record the cache held as a BLOB rather than a text, by position
    /// (rare: another program wrote them so).
    private var blobs: [Int: Blobs] = [:]

    /// Which of a row's values the cache held as a BLOB rather than a text (the same bytes).
    package struct Blobs: Sendable, Hashable {
        package var key: Bool
        package var record: Bool

        package init(key: Bool, record: Bool) {
            self.key = key
            self.record = record
        }

        /// Both texts (or a NULL record).
        package static let none = Blobs(key: false, record: false)
    }

    package init() {}

    package var count: Int { keys.count }
    package var isEmpty: Bool { keys.isEmpty }

    /// How many bytes the rows hold.
    package var byteCount: Int { bytes.count }

    /// Adds a row: its key's bytes and its record's (nil: NULL), and which were BLOBs.
    package mutating func append(key: UnsafeBufferPointer<UInt8>, record: UnsafeBufferPointer<UInt8>?, blobs: Blobs = .none) {
        if blobs != .none { self.blobs[keys.count] = blobs }
        keys.append(CacheKey(String(decoding: key, as: UTF8.self)))
        bytes.append(contentsOf: key)
        keyEnds.append(bytes.count)
        if let record { bytes.append(contentsOf: record) } else { nullRecords.insert(keys.count - 1) }
        recordEnds.append(bytes.count)
    }

    /// Calls `body` with row `index`'s key bytes and record bytes (nil: NULL), valid during
    /// the call.
    package func withRow<T>(_ index: Int, _ body: (_ key: UnsafeBufferPointer<UInt8>, _ record: UnsafeBufferPointer<UInt8>?) throws -> T)
        rethrows -> T {
        let keyStart = index == 0 ? 0 : recordEnds[index - 1]
        return try bytes.withUnsafeBufferPointer { all in
            let key = UnsafeBufferPointer(rebasing: all[keyStart..<keyEnds[index]])
            let record = !nullRecords.isEmpty && nullRecords.contains(index) ? nil : UnsafeBufferPointer(rebasing: all[keyEnds[index]..<recordEnds[index]])
            return try body(key, record)
        }
    }

    /// Which of row `index`'s values were BLOBs.
    package func blobs(at index: Int) -> Blobs {
        blobs.isEmpty ? .none : blobs[index] ?? .none
    }

    /// Row `index`'s record bytes (nil: NULL).
    package func record(at index: Int) -> [UInt8]? {
        withRow(index) { _, record in record.map(Array.init) }
    }

    /// Reserves room for `rows` rows of about `bytesPerRow` bytes each.
    package mutating func reserve(rows: Int, bytesPerRow: Int) {
        keys.reserveCapacity(rows)
        keyEnds.reserveCapacity(rows)
        recordEnds.reserveCapacity(rows)
        bytes.reserveCapacity(rows * bytesPerRow)
    }
}
