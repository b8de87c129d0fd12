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
        SELECT "key", "record" FROM "records" WHERE "_id" > ? AND "_id" <= ? AND "key" IS NOT NULL \
        AND \(SQLiteConnection.mayHoldValueFunction)("record", ?) ORDER BY "_id"
        """

    static let everyRowSliceSQL = """
        SELECT "key", "record" FROM "records" WHERE "_id" > ? AND "_id" <= ? AND "key" IS NOT NULL ORDER BY "_id"
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

    /// One slice on `connection`: each candidate row is confirmed as the statement that found
    /// it stands on it. Before, the candidates' keys were listed and their rows then looked up
    /// by key, one index search each: on ten million rows, 1,111,111 candidates took a fifth
    /// of the search.
    private static func searchSlice(for search: ValueSearch, from position: Int64, rows: Int,
                                    on connection: SQLiteConnection, path: String) throws -> ValueSearchSlice {
        let ownTransaction = !connection.isInTransaction
        if ownTransaction { try connection.begin(immediate: false) }
        defer { if ownTransaction { connection.rollback() } }
        let byBytes = isWrittenAsItself(search.text, excluding: [])
        let highest = try connection.withStatement(maxRowIDSQL) { try $0.step() ? $0.int64(0) : 0 }
        let end = position + Int64(max(rows, 1))
        var matches: [CacheKey] = []
        let names = FieldNameTable()
        try connection.withStatement(byBytes ? searchSliceSQL : everyRowSliceSQL) { statement in
            statement.bind(position, at: 1)
            statement.bind(end, at: 2)
            if byBytes { statement.bind(search.text, at: 3) }
            while try statement.step() {
                statement.withBytes(0, 1) { key, text in
                    if let match = confirmed(key: key, text: text, search, names: names) { matches.append(match) }
                }
            }
        }
        let fraction = highest == 0 ? 1 : min(1, Double(end) / Double(highest))
        return ValueSearchSlice(matches: matches, next: end, fraction: fraction, isLast: end >= highest)
    }

    /// The key of a candidate row whose record `search` matches; nil otherwise. A row that is
    /// not a record (not JSON, a NULL record) matches nothing, nor does a row whose key is not
    /// UTF-8 (no key names it: the explorer could not show it).
    private static func confirmed(key: UnsafeBufferPointer<UInt8>?, text: UnsafeBufferPointer<UInt8>?, _ search: ValueSearch,
                                  names: FieldNameTable) -> CacheKey? {
        guard let key, isUTF8(key), let text else { return nil }
        let cacheKey = CacheKey(String(utf8: key))
        guard case .record(let record) = SQLiteRows.row(text, key: cacheKey, names: names), search.matches(record) else { return nil }
        return cacheKey
    }
}
