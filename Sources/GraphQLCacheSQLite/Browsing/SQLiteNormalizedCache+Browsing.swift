import CacheKeyIndex
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

    /// With no filter, the number of keys the pages list (rows with a NULL key are not listed),
    /// taken from the same pass that reads the keys for the first page rather than a separate
    /// `COUNT(*)`.
    public func keyCount(matching filter: String?) throws -> Int {
        guard let filter, !filter.isEmpty else {
            let (count, pending) = try withConnection(whileHeld: { self.listing.countWithoutWaiting() }) { state in
                try state.listedKeyCount()
            }
            if let pending { sortInBackground(pending) }
            return count
        }
        let scan = try withConnection { state in try state.filterScan(filter) }
        return scan.finish(parallel: true) ?? 0
    }

    /// A page of keys in `CacheKey` order. Keys are read once into memory (`KeyListing`): for a
    /// big file the first and last screens are served from the first and last keys, found in
    /// the same pass, while the full natural-order sort runs in the background (a middle page
    /// asked for meanwhile is selected from the unsorted keys in one pass, and a filter waits
    /// for the sort); later pages cost O(limit), and a filter's matches are
    /// kept until the filter or the keys change (`FilterScan`: found only as far as the page
    /// needs; a longer filter searches only the shorter one's matches). Another process's
    /// commit (`data_version`) makes the next call read the keys again.
    public func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        try page(matching: filter, offset: offset, limit: limit, bounded: false)
    }

    /// A page of keys; `bounded`, a filter's scan over many keys stops after
    /// as many candidates as a frame may test (`keysFound`).
    func page(matching filter: String?, offset: Int, limit: Int, bounded: Bool) throws -> [CacheKey] {
        let start = max(offset, 0), range = start..<(start + max(limit, 0))
        let (page, pending) = try withConnection(whileHeld: { self.listing.pageWithoutWaiting(range, filter: filter) }) { state in
            guard let filter, !filter.isEmpty else { return try state.page(range) }
            if let early = try state.matchesWhileSorting(filter), bounded || range.upperBound <= early.count {
                return (Array(early[range.clamped(to: 0..<early.count)]), nil)
            }
            let scan = try state.filterScan(filter)
            return (scan.keys(in: range, bounded: bounded && !state.hasFewKeys), nil)
        }
        if let pending { sortInBackground(pending) }
        return page
    }

    /// Sorts the keys off the caller's thread and installs the index unless the keys changed.
    func sortInBackground(_ sort: KeySort) {
        let hold = listing.withLock { $0.backgroundSortHold }
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in
            hold?()
            let index = sort.sorted()
            self?.listing.withLock { listing in
                guard listing.sorting === sort else { return }
                listing.install(index)
            }
        }
    }

    public func forEachRecord(_ body: (ScannedRow) throws -> Void) throws {
        try forEachRecord(where: nil, body)
    }

    /// Visits the rows that meet `condition` (SQL over `"key"` and `"record"`, with its
    /// bindings; every row when nil), a page at a time, decoded. Each page is read through
    /// `withConnection`: on the explorer's UI thread (`r`, the `D` preview, `:lint`) a page never
    /// waits behind this process's call that waits for another process's lock.
    ///
    /// With a condition, a page looks at a window of row ids (`ConditionWindow`): a condition
    /// few rows meet (`r` on a record with three referrers) made one page of the whole file, ten
    /// million rows read in one hold of the connection (two seconds no key press could read
    /// through), with no progress to report and no page boundary to stop at.
    func forEachRecord(where condition: (sql: String, bindings: [String])?,
                       _ body: (ScannedRow) throws -> Void) throws {
        guard let condition else { return try forEachRecordPaged(body) }
        var after = Int64.min
        var window = ConditionWindow()
        while true {
            let clock = ContinuousClock(), started = clock.now
            let read = try withConnection { state -> (page: [(rowID: Int64, result: ScannedRow)], end: Int64)? in
                guard let first = try Self.rowID(after: after, on: state.connection) else { return nil }
                let end = window.end(from: first)
                return (try Self.scanPage(after: after, through: end, where: condition, on: state.connection), end)
            }
            guard let (page, end) = read else { return }
            let spent = clock.now - started
            for row in page { try body(row.result) }
            if page.count == Self.scanPageSize, let last = page.last {
                after = last.rowID
                continue
            }
            window.took(spent)
            after = end
            try ScanProgress.pageRead(through: end) { try withConnection { try Self.rowIDRange(on: $0.connection) } }
        }
    }

    /// Every row, a page of `scanPageSize` at a time.
    private func forEachRecordPaged(_ body: (ScannedRow) throws -> Void) throws {
        var after = Int64.min
        while true {
            let page = try withConnection { state in try Self.scanPage(after: after, through: nil, where: nil, on: state.connection) }
            for row in page { try body(row.result) }
            guard page.count == Self.scanPageSize, let last = page.last else { return }
            after = last.rowID
        }
    }

    /// The first row id after `after`, nil when there is none (one step down the table's b-tree).
    private static func rowID(after: Int64, on connection: SQLiteConnection) throws -> Int64? {
        try connection.withStatement(#"SELECT rowid FROM "records" WHERE rowid > ? ORDER BY rowid LIMIT 1"#) { statement in
            statement.bind(after, at: 1)
            return try statement.step() ? statement.int64(0) : nil
        }
    }

    private static func scanPage(after: Int64, through end: Int64?, where condition: (sql: String, bindings: [String])?,
                                 on connection: SQLiteConnection) throws -> [(rowID: Int64, result: ScannedRow)] {
        var rows: [(rowID: Int64, result: ScannedRow)] = []
        let names = FieldNameTable()
        var bounded = condition
        // The window's end is bound, not written into the SQL: each text is a statement the
        // connection prepares and keeps.
        if let end, let condition { bounded = ("rowid <= CAST(? AS INTEGER) AND (" + condition.sql + ")", [String(end)] + condition.bindings) }
        try forEachRow(after: after, limit: scanPageSize, where: bounded, on: connection) { statement, rowID in
            let key: CacheKey
            switch scannedKey(of: statement, rowID: rowID) {
            case .key(let found): key = found
            case .broken(let broken):
                rows.append((rowID, .broken(broken)))
                return
            }
            let result = statement.withBytes(2) { bytes in SQLiteRows.row(bytes, key: key, names: names) }
                ?? .broken(BrokenRecord(key: key, reason: "the record column is NULL"))
            rows.append((rowID, result))
        }
        return rows
    }

    /// Calls `body` with each of the `limit` rows after row id `after` that meet `condition`,
    /// in row id order, the statement standing on the row (columns: rowid, key, record); returns
    /// the last row id read, nil when there was none. Every paged scan reads its pages so, and
    /// stops on a torn file (`checkMovesForward`).
    @discardableResult
    static func forEachRow(after: Int64, limit: Int, where condition: (sql: String, bindings: [String])? = nil,
                           on connection: SQLiteConnection,
                           _ body: (SQLiteStatement, Int64) throws -> Void) throws -> Int64? {
        let filter = condition.map { " AND (" + $0.sql + ")" } ?? ""
        let sql = #"SELECT rowid, "key", "record" FROM "records" WHERE rowid > ?\#(filter) ORDER BY rowid LIMIT \#(limit)"#
        return try connection.withStatement(sql) { statement in
            statement.bind(after, at: 1)
            for (index, value) in (condition?.bindings ?? []).enumerated() { statement.bind(value, at: Int32(index + 2)) }
            var previous = after
            while try statement.step() {
                let rowID = statement.int64(0)
                try checkMovesForward(rowID, after: &previous, on: connection)
                try body(statement, rowID)
            }
            guard previous != after else { return nil }
            try ScanProgress.pageRead(through: previous) { try rowIDRange(on: connection) }
            return previous
        }
    }

    /// The lowest and highest row ids (0 and 0 when there are no rows): how far a scan in row
    /// id order got (`ScanProgress`). Two subqueries, each answered from the table's b-tree end.
    static func rowIDRange(on connection: SQLiteConnection) throws -> (lowest: Int64, highest: Int64) {
        let sql = #"SELECT (SELECT min(rowid) FROM "records"), (SELECT max(rowid) FROM "records")"#
        return try connection.withStatement(sql) { statement in
            guard try statement.step() else { return (0, 0) }
            return (statement.int64(0), statement.int64(1))
        }
    }

    /// The key of the row `statement` stands on (column 1), or why the row is broken: its key is
    /// NULL, or not UTF-8. Decoding would turn each bad byte into U+FFFD, so two such keys would
    /// collide as one record: the row is reported by its key's bytes instead.
    static func scannedKey(of statement: SQLiteStatement, rowID: Int64) -> ScannedKey {
        statement.withBytes(1) { scannedKey($0, rowID: rowID) } ?? scannedKey(nil, rowID: rowID)
    }

    /// `scannedKey(of:rowID:)` from the key column's bytes (nil: NULL).
    static func scannedKey(_ bytes: UnsafeBufferPointer<UInt8>?, rowID: Int64) -> ScannedKey {
        if let broken = brokenKey(bytes, rowID: rowID) { return .broken(broken) }
        return .key(CacheKey(String(utf8: bytes!)))
    }

    /// Why a row whose key column holds `bytes` (nil: NULL) is broken by its key alone; nil
    /// when the key is sound. Tells a sound key without making a string of it.
    static func brokenKey(_ bytes: UnsafeBufferPointer<UInt8>?, rowID: Int64) -> BrokenRecord? {
        guard let bytes else { return BrokenRecord(key: CacheKey(""), reason: "row _id \(rowID) has a NULL key") }
        guard let hex = invalidUTF8(bytes) else { return nil }
        return BrokenRecord(key: CacheKey(String(utf8: bytes)), reason: "row _id \(rowID): the key is not valid UTF-8 (bytes \(hex))")
    }

    /// A scanned row's key, or what makes the row broken.
    enum ScannedKey {
        case key(CacheKey)
        case broken(BrokenRecord)
    }

    /// Throws "database disk image is malformed" unless `rowID` comes after `previous` (then
    /// noted as the new `previous`). A torn copy can leave the table's pages out of order:
    /// SQLite then walks row ids backwards, and a scan that resumes after the last row id it
    /// saw reads the same rows again, for ever (an export grew to 1.5 GB in 3 s).
    static func checkMovesForward(_ rowID: Int64, after previous: inout Int64, on connection: SQLiteConnection) throws {
        guard rowID > previous else {
            throw SQLiteError.failure(path: connection.path, code: 11, message: "database disk image is malformed",
                                      context: "scanning the records: row id \(rowID) came after row id \(previous)")
        }
        previous = rowID
    }

    /// The bytes of a key that is not valid UTF-8, in hex (`61 FF`); nil for a valid key.
    private static func invalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if isUTF8(bytes) { return nil }
        let digits = Array("0123456789ABCDEF")
        return bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined(separator: " ")
    }

    /// Whether a key's bytes are UTF-8 (ASCII, the usual key, is told without a string).
    static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 < 0x80 } || String(validating: bytes, as: UTF8.self) != nil
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
    /// How many keys are listed, reading them first if needed.
    mutating func listedKeyCount() throws -> (Int, KeySort?) {
        let pending = try loadKeys()
        return (keys.withLock { $0.countInMemory } ?? 0, pending)
    }

    /// A page with no filter: from the index, from the head or tail while sorting, selected
    /// from the keys being sorted, or else waiting for the sort.
    mutating func page(_ range: Range<Int>) throws -> ([CacheKey], KeySort?) {
        let pending = try loadKeys()
        if let page = keys.withLock({ $0.pageInMemory(range, filter: nil) }) { return (page, pending) }
        return (try sortedKeys().keys(in: range), pending)
    }

    /// Makes sure the keys are in memory: sorted at once for a small file; for a big one the
    /// first and last keys now and a sort to run in the background, returned to be started
    /// once the lock is released. A read of the keys running in the background
    /// (`readKeysInBackground`) is waited for rather than done twice.
    private mutating func loadKeys() throws -> KeySort? {
        try forgetKeysIfChangedElsewhere()
        if let running = keys.withLock({ $0.reading }) { running.wait() }
        guard keys.withLock({ $0.countInMemory == nil }) else { return nil }
        let version = try connection.dataVersion()
        let estimate = try SQLiteNormalizedCache.estimatedKeyCount(on: connection)
        let unsorted = try SQLiteNormalizedCache.readKeys(on: connection, reserving: estimate, reporting: nil)
        return keys.withLock { $0.take(unsorted, readAt: version) }
    }

    /// Whether the keys are few enough (under `backgroundThreshold`) to count and search whole
    /// in any call.
    var hasFewKeys: Bool { keys.withLock { ($0.index?.count ?? 0) < $0.backgroundThreshold } }

    /// The full sorted index, waiting for (or doing) the sort if it is not ready.
    mutating func sortedKeys() throws -> SortedKeyIndex {
        _ = try loadKeys()
        if let index = keys.withLock({ $0.index }) { return index }
        // Waiting for the background sort without the listing's lock, which the UI tries.
        let index = keys.withLock { $0.sorting }?.sorted() ?? SortedKeyIndex()
        // Installed with the edits made while it sorted.
        return keys.withLock { listing in
            listing.install(index)
            return listing.index ?? index
        }
    }

    /// Forgets the listing once another process committed since it was read. While external
    /// changes are tracked and the listing is as current as the tracker, the next look
    /// (`externalChanges`) judges instead: it keeps the listing when the commits left the same
    /// keys (an app re-saving its records), so the screen does not read every key again after
    /// each such commit, and otherwise leaves it behind, to be forgotten here.
    mutating func forgetKeysIfChangedElsewhere() throws {
        let (loaded, sorted, listedVersion) = keys.withLock { ($0.countInMemory != nil, $0.index != nil, $0.dataVersion) }
        guard loaded else { return }
        if let tracker, tracker.dataVersion == listedVersion, sorted { return }
        if try connection.dataVersion() != listedVersion { keys.withLock { $0.invalidate() } }
    }
}
