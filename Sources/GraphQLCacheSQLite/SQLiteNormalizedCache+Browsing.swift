import GraphQLCache

/// What the explorer needs to browse a big file: counts, key pages in `CacheKey` order with an
/// optional filter, a streaming scan that reports broken rows, and noticing other processes'
/// commits.
extension SQLiteNormalizedCache {
    /// Rows per page of `forEachRecord`: the lock is released between pages.
    static let scanPageSize = 512

    public func recordCount() throws -> Int {
        try state.withLock { state in
            try state.connection.withStatement(#"SELECT count(*) FROM "records""#) { statement in
                try statement.step() ? Int(statement.int64(0)) : 0
            }
        }
    }

    public func keyCount(matching filter: String?) throws -> Int {
        guard let filter, !filter.isEmpty else { return try recordCount() }
        return try state.withLock { state in try state.filteredPositions(filter).count }
    }

    /// A page of keys in `CacheKey` order. The first call (and the first after another process
    /// committed) reads and sorts every key once (`SortedKeyIndex`); later pages cost O(limit),
    /// and a filter's matches are kept until the filter or the keys change.
    public func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        let start = max(offset, 0), end = start + max(limit, 0)
        return try state.withLock { state in
            guard let filter, !filter.isEmpty else {
                return try state.sortedKeys().keys(in: start..<end)
            }
            let positions = try state.filteredPositions(filter)
            let index = try state.sortedKeys()
            let range = (start..<end).clamped(to: 0..<positions.count)
            return range.map { index.key(at: Int(positions[$0])) }
        }
    }

    public func forEachRecord(_ body: (Result<Record, RecordJSONError>) throws -> Void) throws {
        var after = Int64.min
        while true {
            let page = try state.withLock { state in try Self.scanPage(after: after, on: state.connection) }
            guard let last = page.last else { return }
            for row in page { try body(row.result) }
            after = last.rowID
        }
    }

    private static func scanPage(after: Int64, on connection: SQLiteConnection) throws -> [(rowID: Int64, result: Result<Record, RecordJSONError>)] {
        let sql = #"SELECT rowid, "key", "record" FROM "records" WHERE rowid > ? ORDER BY rowid LIMIT \#(scanPageSize)"#
        return try connection.withStatement(sql) { statement in
            statement.bind(after, at: 1)
            var rows: [(rowID: Int64, result: Result<Record, RecordJSONError>)] = []
            while try statement.step() {
                let rowID = statement.int64(0)
                guard let key = statement.text(1).map({ CacheKey($0) }) else {
                    let error = RecordJSONError(key: CacheKey(""), reason: "row _id \(rowID) has a NULL key")
                    rows.append((rowID, .failure(error)))
                    continue
                }
                let result = statement.withBytes(2) { bytes in
                    Result { () throws(RecordJSONError) in try SQLiteRows.decode(bytes, key: key) }
                } ?? .failure(RecordJSONError(key: key, reason: "the record column is NULL"))
                rows.append((rowID, result))
            }
            return rows
        }
    }

    /// Deletes rows whose key is NULL (which no key can name); returns how many.
    @discardableResult
    public func removeRowsWithNullKey() throws -> Int {
        try write { state in
            try state.connection.exec(#"DELETE FROM "records" WHERE "key" IS NULL"#, context: "deleting rows with a NULL key")
            return state.connection.changes
        }
    }

    /// SQLite's `PRAGMA data_version`: it changes when another connection (another process, the
    /// app) commits to the file, not when this cache writes.
    public func dataVersion() throws -> Int64 {
        try state.withLock { state in try state.connection.dataVersion() }
    }

    /// Whether another connection committed since the last call (or since opening): the
    /// explorer polls this to refresh what it shows.
    public func hasExternalChanges() throws -> Bool {
        try state.withLock { state in
            let version = try state.connection.dataVersion()
            defer { state.seenDataVersion = version }
            return version != state.seenDataVersion
        }
    }
}

extension SQLiteNormalizedCache.State {
    /// The key index, (re)built when missing or when another connection has committed.
    mutating func sortedKeys() throws -> SortedKeyIndex {
        let version = try connection.dataVersion()
        if let keyIndex, version == indexDataVersion { return keyIndex }
        var index = SortedKeyIndex()
        try connection.withStatement(#"SELECT "key" FROM "records" WHERE "key" IS NOT NULL ORDER BY "key""#) { statement in
            while try statement.step() { _ = statement.withBytes(0) { index.appendUnsorted($0) } }
        }
        index.sortAll()
        keyIndex = index
        filtered = nil
        indexDataVersion = version
        return index
    }

    /// Positions in the key index of the keys containing `filter`, remembered per filter.
    mutating func filteredPositions(_ filter: String) throws -> [Int32] {
        let index = try sortedKeys()
        if let filtered, filtered.filter == filter { return filtered.positions }
        let pattern = KeyPattern(filter)
        let positions = index.positions(where: pattern.matches)
        filtered = (filter, positions)
        return positions
    }
}
