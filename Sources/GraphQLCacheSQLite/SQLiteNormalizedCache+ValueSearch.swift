import GraphQLCache

/// `:find` over a big file: rows are read by rowid range, a slice at a time, on a read-only
/// connection of the search's own, so that neither writers nor the UI wait for the scan.
///
/// A slice's candidates are every row whose value may match: for a text that every JSON writer
/// writes as itself (printable ASCII but `"`, `\`, `/`), the rows whose bytes hold it in either
/// case, or hold a `\u` escape, or a non-ASCII byte where the text holds a letter a non-ASCII
/// one folds to, or, for a text that may be part of a number (digits, `.`, `e`, `+`, `-`), a
/// number shown otherwise than written (`1e-7` shown as `1e-07`: `cachelens_may_hold_value`,
/// one pass); for any other text (non-ASCII letters fold beyond ASCII, `"` and `\` are
/// escaped), every row. Each candidate is then decoded and
/// confirmed with `ValueSearch.matches`, so that the search misses nothing and a field name
/// holding the text is no match.
extension SQLiteNormalizedCache: ValueSearching {
    static let searchSliceSQL = """
        SELECT "key" FROM "records" WHERE "_id" > ? AND "_id" <= ? AND "key" IS NOT NULL \
        AND \(SQLiteConnection.mayHoldValueFunction)("record", ?) ORDER BY "_id"
        """

    static let everyRowSliceSQL = """
        SELECT "key" FROM "records" WHERE "_id" > ? AND "_id" <= ? AND "key" IS NOT NULL ORDER BY "_id"
        """

    /// Why a connection of its own: the cache's connection is one mutex, and a slice held it
    /// for as long as it read. A key pressed during the search waited for the slice under way
    /// (a slice holding a 20 MB `QUERY_ROOT` row read for 45 ms), which kept slices small and
    /// the search a fifth slower than it need be. Readers do not block each other; a commit of
    /// this process's waits for the slice under way at most (rollback journal) or not at all
    /// (WAL). The search then sees what was committed, not a write transaction still open.
    ///
    /// A file no second connection can read (opened as immutable, because its lock could not
    /// be taken), or one another file was renamed over, is searched on the cache's connection,
    /// a slice per hold, after the UI.
    package func searchSlice(for search: ValueSearch, from position: Int64, rows: Int) throws -> ValueSearchSlice {
        // A reader opened now would open whatever file `path` names; once another was renamed
        // over ours, the search reads the file the cache opened, on its connection.
        if (try? checkNotReplaced()) != nil, let reader = takeReader() {
            turns.readerSliceBegan()
            defer { turns.readerSliceEnded() }
            do {
                let slice = try Self.searchSlice(for: search, from: position, rows: rows, on: reader, path: path)
                returnReader(reader)
                return slice
            } catch let error as SQLiteError where error.isLockContention {
                returnReader(reader)
                throw error
            } catch {
                // Not kept: the next slice opens a new reader or, failing that, takes the lock.
            }
        }
        return try withSliceLock { state in
            try Self.searchSlice(for: search, from: position, rows: rows, on: state.connection, path: path)
        }
    }

    /// One slice on `connection`: the candidates' keys in one statement, then their rows.
    /// On a reader both run in one read transaction, so the rows confirmed are the rows found.
    private static func searchSlice(for search: ValueSearch, from position: Int64, rows: Int,
                                    on connection: SQLiteConnection, path: String) throws -> ValueSearchSlice {
        let ownTransaction = !connection.isInTransaction
        if ownTransaction { try connection.begin(immediate: false) }
        defer { if ownTransaction { connection.rollback() } }
        let byBytes = isWrittenAsItself(search.text, excluding: [])
        let highest = try connection.withStatement(maxRowIDSQL) { try $0.step() ? $0.int64(0) : 0 }
        let end = position + Int64(max(rows, 1))
        var candidates: [CacheKey] = []
        try connection.withStatement(byBytes ? searchSliceSQL : everyRowSliceSQL) { statement in
            statement.bind(position, at: 1)
            statement.bind(end, at: 2)
            if byBytes { statement.bind(search.text, at: 3) }
            while try statement.step() {
                if let key = statement.text(0) { candidates.append(CacheKey(key)) }
            }
        }
        let fraction = highest == 0 ? 1 : min(1, Double(end) / Double(highest))
        return ValueSearchSlice(matches: try confirmed(candidates, search, on: connection),
                                next: end, fraction: fraction, isLast: end >= highest)
    }

    /// The candidates whose records `search` matches, in the candidates' order. A row that is
    /// not a record (not JSON, a NULL record) matches nothing.
    private static func confirmed(_ candidates: [CacheKey], _ search: ValueSearch,
                                  on connection: SQLiteConnection) throws -> [CacheKey] {
        guard !candidates.isEmpty else { return [] }
        var matching = Set<CacheKey>()
        let names = FieldNameTable()
        try SQLiteRows.select(keys: candidates, on: connection) { key, bytes in
            if case .record(let record) = SQLiteRows.row(bytes, key: key, names: names), search.matches(record) {
                matching.insert(key)
            }
        }
        return candidates.filter(matching.contains)
    }
}
