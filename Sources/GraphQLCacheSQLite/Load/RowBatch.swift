import GraphQLCache

/// Rows of one load chunk copied out of SQLite (key and record JSON bytes), so that they can be
/// decoded on another thread after the connection has moved on.
struct RowBatch: Sendable {
    private var keys: [CacheKey] = []
    private var bytes: [UInt8] = []
    /// Per row: where its bytes end in `bytes`, or -1 when its record column is NULL.
    private var ends: [Int] = []

    /// Room for `rows` rows of about 256 bytes.
    init(reservingRows rows: Int) {
        keys.reserveCapacity(rows)
        ends.reserveCapacity(rows)
        bytes.reserveCapacity(rows * 256)
    }

    var isEmpty: Bool { keys.isEmpty }

    /// Copies one row (`json` as `SQLiteRows.select` passes it: no base address for NULL).
    mutating func append(_ key: CacheKey, _ json: UnsafeBufferPointer<UInt8>) {
        keys.append(key)
        if json.baseAddress == nil {
            ends.append(-1)
        } else {
            bytes.append(contentsOf: json)
            ends.append(bytes.count)
        }
    }

    /// The batch decoded: its records in row order, or the first broken row.
    func decode() -> DecodedBatch {
        var records: [Record] = []
        records.reserveCapacity(keys.count)
        let names = FieldNameTable()
        return bytes.withUnsafeBufferPointer { all in
            Self.emptyText.withUnsafeBufferPointer { empty in
                var start = 0
                for (row, key) in keys.enumerated() {
                    let end = ends[row]
                    // NULL has no address; an empty text has one (it is decoded, and reported as such).
                    let json = end < 0 ? UnsafeBufferPointer(start: nil, count: 0)
                        : end == start ? UnsafeBufferPointer(rebasing: empty[0..<0])
                        : UnsafeBufferPointer(rebasing: all[start..<end])
                    if end >= 0 { start = end }
                    switch SQLiteRows.row(json, key: key, names: names) {
                    case .record(let record): records.append(record)
                    case .broken(let broken): return .broken(broken)
                    }
                }
                return .records(records)
            }
        }
    }

    /// A buffer with an address to hand out as an empty, non-NULL text.
    private static let emptyText: [UInt8] = [0]
}

/// A batch decoded (`RowBatch.decode`): its records in row order, or the first row that does
/// not decode (the loading thread turns it into `SQLiteError.brokenRecord`).
enum DecodedBatch: Sendable {
    case records([Record])
    case broken(BrokenRecord)
}
