import GraphQLCache

/// The merge's read: the stored rows of incoming records that differ from them, SQLite
/// comparing each row with the record's JSON.
///
/// Why not select every row and compare in Swift: a re-merge's records are mostly unchanged,
/// and a `key IN (...)` select returned each of their rows for nothing. SQLite also sorts an
/// `IN` list into a temporary index before its first row, while a `VALUES` list joined on the
/// key index is read in the order given. Binding each record's JSON beside its key, and
/// returning only the rows whose bytes differ (and the keys with no row), took the batched
/// reads of a 10,000-record re-merge with 10 % changed from about 9 ms to 6 ms in a C program
/// against the same SQLite, before any Swift work. Each row also names its record by the slot
/// bound with it, so nothing is looked up by key.
extension SQLiteRows {
    /// What a merge binds for one incoming record.
    package struct ComparedRecord {
        var key: CacheKey
        /// The record's JSON when equal stored bytes mean an unchanged record; nil to have the
        /// row returned whatever it holds (the JSON would not read back as the record).
        var json: UnsafeBufferPointer<UInt8>?

        package init(key: CacheKey, json: UnsafeBufferPointer<UInt8>?) {
            self.key = key
            self.json = json
        }
    }

    /// What the file holds for one compared record, as `selectDiffering` reports it.
    package enum DifferingRow {
        /// No row has the key.
        case absent
        /// A row whose record column differs from the bound JSON (or was not compared): its
        /// bytes, without an address when the column is NULL.
        case stored(UnsafeBufferPointer<UInt8>)
    }

    /// Records per statement: a few fixed sizes, reused, the last batch padded with rows of
    /// NULLs, which the statement skips.
    static let differingBatchSizes = [1, 8, 64, 512]

    /// Each `VALUES` row is (key, JSON or NULL, slot). A row is returned when the key has no
    /// row (`_id` is then NULL), when no JSON was bound, or when the stored record is not the
    /// same text: `IS NOT` is NULL-safe, so a NULL record column differs from any JSON, and a
    /// record stored as a BLOB differs from TEXT even with the same bytes (Swift compares those
    /// again). Padding rows bind a NULL slot.
    static func differingSQL(batch: Int) -> String {
        let rows = [String](repeating: "(?,?,?)", count: batch).joined(separator: ",")
        return #"SELECT v.column3, r."_id" IS NOT NULL, r."record" FROM (VALUES "# + rows
            + #") AS v LEFT JOIN "records" AS r ON r."key" = v.column1 "#
            + #"WHERE v.column3 IS NOT NULL AND (v.column2 IS NULL OR r."record" IS NOT v.column2)"#
    }

    /// `differingSQL` for each of `differingBatchSizes`, built once.
    static let differingSQLs: [String] = differingBatchSizes.map(differingSQL(batch:))

    /// The most records one statement of `selectDiffering` binds on `connection` (three
    /// parameters each).
    static func largestDifferingBatch(on connection: SQLiteConnection) -> Int {
        max(1, min(differingBatchSizes.last!, connection.variableLimit / 3))
    }

    /// Compares the `count` records `record(slot)` gives with their stored rows, in statements
    /// of at most `largestDifferingBatch` records; calls `row` with the slot of each record
    /// whose row is absent or differs, and that row (valid only during the call). Records
    /// not reported have a row holding exactly their JSON.
    ///
    /// Each JSON is bound without a copy: it must stay unchanged until this returns.
    package static func selectDiffering(
        count: Int, on connection: SQLiteConnection, record: (Int) -> ComparedRecord,
        _ row: (Int, DifferingRow) throws -> Void
    ) throws {
        var offset = 0
        let largest = largestDifferingBatch(on: connection)
        while offset < count {
            let remaining = count - offset
            let batch = differingBatchSizes.first { $0 >= remaining && $0 <= largest } ?? largest
            let sql = differingBatchSizes.firstIndex(of: batch).map { differingSQLs[$0] } ?? differingSQL(batch: batch)
            try connection.withStatement(sql) { statement in
                for slot in 0..<batch {
                    let first = Int32(slot * 3 + 1)
                    guard offset + slot < count else {
                        statement.bindNull(at: first)
                        statement.bindNull(at: first + 1)
                        statement.bindNull(at: first + 2)
                        continue
                    }
                    let compared = record(offset + slot)
                    statement.bind(compared.key.rawValue, at: first)
                    if let json = compared.json { statement.bind(unchangingBytes: json, at: first + 1) }
                    else { statement.bindNull(at: first + 1) }
                    statement.bind(Int64(offset + slot), at: first + 2)
                }
                while try statement.step() {
                    let slot = Int(statement.int64(0))
                    guard slot >= offset, slot < offset + batch, slot < count else { continue }
                    if statement.int64(1) == 0 { try row(slot, .absent); continue }
                    try statement.withBytes(2) { try row(slot, .stored($0)) }
                        ?? row(slot, .stored(UnsafeBufferPointer(start: nil, count: 0)))
                }
            }
            offset += batch
        }
    }
}
