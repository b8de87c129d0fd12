import GraphQLCache

/// Rows that are not records: read without failing, and found by one SQL pass (`json_valid`
/// and `json_type` in SQLite itself, so a million rows are not decoded in Swift).
extension SQLiteNormalizedCache: BrokenRowReporting {
    static let brokenKeysSQL = """
        SELECT "key" FROM "records" WHERE "key" IS NOT NULL \
        AND (CASE WHEN json_valid("record") THEN json_type("record") END) IS NOT 'object' ORDER BY "key"
        """
    static let nullKeyCountSQL = #"SELECT count(*) FROM "records" WHERE "key" IS NULL"#

    public func loadStoredRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: StoredRecord] {
        try state.withLock { state in
            var rows = [CacheKey: StoredRecord](minimumCapacity: keys.count)
            try SQLiteRows.select(keys: Array(keys), on: state.connection) { key, bytes in
                state.tracker?.saw(key, bytes)
                switch SQLiteRows.row(bytes, key: key) {
                case .record(let record): rows[key] = .record(record)
                case .broken(let broken):
                    rows[key] = .broken(BrokenRow(key: key, text: String(decoding: bytes, as: UTF8.self), error: broken.reason))
                }
            }
            return rows
        }
    }

    public func brokenRowSummary() throws -> BrokenRowSummary {
        try state.withLock { state in
            var summary = BrokenRowSummary()
            try state.connection.withStatement(Self.brokenKeysSQL) { statement in
                while try statement.step() {
                    if let key = statement.text(0) { summary.brokenKeys.append(CacheKey(key)) }
                }
            }
            summary.nullKeyRows = try state.connection.withStatement(Self.nullKeyCountSQL) { statement in
                try statement.step() ? Int(statement.int64(0)) : 0
            }
            summary.brokenKeys.sort()
            return summary
        }
    }
}
