import GraphQLCache

/// Rows that are not records: read without failing, and found by SQL (`json_valid` and
/// `json_type` in SQLite itself, so a million rows are not decoded in Swift), a slice of rowids
/// at a time with the lock released between slices: a pass over a million rows takes most of a
/// second, and holding the connection that long froze every key press of the explorer behind it.
extension SQLiteNormalizedCache: BrokenRowReporting {
    /// One slice of rows in rowid order, each with whether it is broken (a key whose record is
    /// not a JSON object); rowids of any sign and any gaps are walked the same way.
    static let brokenSliceSQL = """
        SELECT "_id", "key", (CASE WHEN json_valid("record") THEN json_type("record") END) IS NOT 'object' \
        FROM "records" WHERE "_id" > ? ORDER BY "_id" LIMIT ?
        """
    /// Rows per slice of the broken-row scan (a fraction of a millisecond under the lock).
    static let brokenScanSlice = 512
    static let nullKeyCountSQL = #"SELECT count(*) FROM "records" WHERE "key" IS NULL"#

    public func loadStoredRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: StoredRecord] {
        try withConnection { state in
            var rows = [CacheKey: StoredRecord](minimumCapacity: keys.count)
            let names = FieldNameTable()
            try SQLiteRows.select(keys: Array(keys), on: state.connection) { key, bytes in
                state.tracker?.sawRead(key, bytes)
                switch SQLiteRows.row(bytes, key: key, names: names) {
                case .record(let record): rows[key] = .record(record)
                case .broken(let broken):
                    rows[key] = .broken(BrokenRow(key: key, text: String(decoding: bytes, as: UTF8.self), error: broken.reason))
                }
            }
            return rows
        }
    }

    public func brokenRowSummary() throws -> BrokenRowSummary {
        var summary = BrokenRowSummary()
        summary.nullKeyRows = try state.withLock { state in
            try state.connection.withStatement(Self.nullKeyCountSQL) { try $0.step() ? Int($0.int64(0)) : 0 }
        }
        var after = Int64.min
        var rows = Self.brokenScanSlice
        while rows == Self.brokenScanSlice {
            rows = 0
            try withSliceLock { state in
                try state.connection.withStatement(Self.brokenSliceSQL) { statement in
                    statement.bind(after, at: 1)
                    statement.bind(Int64(Self.brokenScanSlice), at: 2)
                    while try statement.step() {
                        rows += 1
                        try Self.checkMovesForward(statement.int64(0), after: &after, on: state.connection)
                        if statement.int64(2) != 0, let key = statement.text(1) { summary.brokenKeys.append(CacheKey(key)) }
                    }
                }
            }
        }
        summary.brokenKeys.sort()
        return summary
    }
}
