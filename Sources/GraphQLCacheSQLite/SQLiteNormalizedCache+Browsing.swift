import Dispatch
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

    /// A page of keys in `CacheKey` order. Keys are read once into memory (`KeyListing`): for a
    /// big file the first screens are served from the first 2,000 keys, found in one pass, while
    /// the full natural-order sort runs in the background; later pages cost O(limit), and a
    /// filter's matches are kept until the filter or the keys change. Another process's commit
    /// (`data_version`) makes the next call read the keys again.
    public func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        let start = max(offset, 0), range = start..<(start + max(limit, 0))
        let (page, pending) = try state.withLock { state throws -> ([CacheKey], PendingSort?) in
            guard let filter, !filter.isEmpty else { return try state.page(range) }
            let positions = try state.filteredPositions(filter)
            let index = try state.sortedKeys()
            return (range.clamped(to: 0..<positions.count).map { index.key(at: Int(positions[$0])) }, nil)
        }
        if let pending { sortInBackground(pending) }
        return page
    }

    /// Sorts the keys off the caller's thread and installs the index unless the keys changed.
    private func sortInBackground(_ pending: PendingSort) {
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            var index = pending.unsorted
            index.sortAll()
            self?.state.withLock { state in
                guard state.keys.generation == pending.generation, state.keys.index == nil,
                      state.keys.head != nil, state.keys.dataVersion == pending.dataVersion else { return }
                state.keys.index = index
                state.keys.head = nil
            }
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

/// Keys read for a background sort, with what they were read under.
struct PendingSort: Sendable {
    let unsorted: SortedKeyIndex
    let generation: Int
    let dataVersion: Int64
}

extension SQLiteNormalizedCache.State {
    /// A page with no filter: from the index, from the head, or by reading the keys (and then,
    /// for a big file, answering from the head and asking for a background sort).
    mutating func page(_ range: Range<Int>) throws -> ([CacheKey], PendingSort?) {
        try forgetKeysIfChangedElsewhere()
        if let index = keys.index { return (index.keys(in: range), nil) }
        if let page = keys.headPage(range) { return (page, nil) }
        let (unsorted, version) = try readKeys()
        guard keys.head == nil, unsorted.slotCount >= keys.backgroundThreshold, range.upperBound <= KeyListing.headSize else {
            return (install(unsorted, version).keys(in: range), nil)
        }
        let extremes = unsorted.extremes(KeyListing.headSize)
        keys.head = (extremes.smallest, extremes.largest, unsorted.slotCount)
        keys.dataVersion = version
        let pending = PendingSort(unsorted: unsorted, generation: keys.generation, dataVersion: version)
        return (keys.headPage(range) ?? [], pending)
    }

    /// The full sorted index, sorting now if it is not ready.
    mutating func sortedKeys() throws -> SortedKeyIndex {
        try forgetKeysIfChangedElsewhere()
        if let index = keys.index { return index }
        let (unsorted, version) = try readKeys()
        return install(unsorted, version)
    }

    private mutating func install(_ unsorted: SortedKeyIndex, _ version: Int64) -> SortedKeyIndex {
        var index = unsorted
        index.sortAll()
        keys.index = index
        keys.head = nil
        keys.filtered = nil
        keys.dataVersion = version
        return index
    }

    private mutating func forgetKeysIfChangedElsewhere() throws {
        guard keys.index != nil || keys.head != nil else { return }
        if try connection.dataVersion() != keys.dataVersion { keys.invalidate() }
    }

    /// Every non-NULL key, in the `key` index's binary order (nearly natural, which the sort
    /// exploits), with the `data_version` they were read at.
    private func readKeys() throws -> (SortedKeyIndex, Int64) {
        let version = try connection.dataVersion()
        var index = SortedKeyIndex()
        try connection.withStatement(#"SELECT "key" FROM "records" WHERE "key" IS NOT NULL ORDER BY "key""#) { statement in
            while try statement.step() { _ = statement.withBytes(0) { index.appendUnsorted($0) } }
        }
        return (index, version)
    }

    /// Positions in the key index of the keys containing `filter`, remembered per filter.
    mutating func filteredPositions(_ filter: String) throws -> [Int32] {
        let index = try sortedKeys()
        if let filtered = keys.filtered, filtered.filter == filter { return filtered.positions }
        let pattern = KeyPattern(filter)
        let positions = index.positions(where: pattern.matches)
        keys.filtered = (filter, positions)
        return positions
    }
}
