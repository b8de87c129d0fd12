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

    /// Each row's text checked (`RecordTextCheck`) and only a row the check cannot vouch for
    /// decoded: `:gc` over ten million records no root reaches made a record of each at once
    /// (4.5 GB) to learn which rows were broken. For a quarter of the rows or more, one pass
    /// over every row in row id order (`unreadableKeysScanned`); for fewer, the keys looked up a
    /// batch per hold of the connection (ten million lookups took two minutes).
    public func unreadableKeys(among keys: Set<CacheKey>) throws -> Set<CacheKey> {
        let rows = try withConnection { state in try Self.estimatedKeyCount(on: state.connection) }
        if keys.count * 4 >= rows { return try unreadableKeysScanned(among: keys) }
        var unreadable = Set<CacheKey>()
        let all = Array(keys)
        for start in stride(from: 0, to: all.count, by: Self.unreadableCheckBatch) {
            let batch = Array(all[start..<min(all.count, start + Self.unreadableCheckBatch)])
            let found = try withConnection { state -> [CacheKey] in
                var found: [CacheKey] = []
                let names = FieldNameTable()
                try SQLiteRows.select(keys: batch, on: state.connection) { key, bytes in
                    guard RecordTextCheck.check(bytes) == nil else { return }
                    if case .broken = SQLiteRows.row(bytes, key: key, names: names) { found.append(key) }
                }
                return found
            }
            unreadable.formUnion(found)
            try ScanProgress.rowsRead(start + batch.count, of: all.count)
        }
        return unreadable
    }

    /// Keys looked up per hold of the connection by `unreadableKeys(among:)`.
    static let unreadableCheckBatch = 4_096

    /// `unreadableKeys(among:)` by one pass over the rows, a page per hold of the connection:
    /// a key is made only for a row the check cannot vouch for.
    private func unreadableKeysScanned(among keys: Set<CacheKey>) throws -> Set<CacheKey> {
        var unreadable = Set<CacheKey>()
        var after = Int64.min
        while true {
            let (found, last) = try withConnection { state -> ([CacheKey], Int64?) in
                var found: [CacheKey] = []
                let names = FieldNameTable()
                let last = try Self.forEachRow(after: after, limit: Self.scanPageSize, on: state.connection) { statement, _ in
                    statement.withBytes(1, 2) { key, text in
                        guard let key, text.map({ RecordTextCheck.check($0) == nil }) ?? true else { return }
                        let cacheKey = CacheKey(String(utf8: key))
                        guard keys.contains(cacheKey) else { return }
                        guard let text, case .record = SQLiteRows.row(text, key: cacheKey, names: names) else {
                            return found.append(cacheKey)
                        }
                    }
                }
                return (found, last)
            }
            unreadable.formUnion(found)
            guard let last else { return unreadable }
            after = last
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
