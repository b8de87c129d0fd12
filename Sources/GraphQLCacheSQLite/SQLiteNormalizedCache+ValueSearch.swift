import GraphQLCache

/// `:find` over a big file: rows are read by rowid range, each range one short statement under
/// the lock, so that writers and the UI are never held up for the whole scan.
///
/// A slice's candidates are every row whose value may match: for a text that every JSON writer
/// writes as itself (printable ASCII but `"`, `\`, `/`), the rows whose bytes hold it in either
/// case, or hold a `\u` escape, or a non-ASCII byte where the text holds a letter a non-ASCII
/// one folds to (`cachelens_may_hold_folded`, one pass); for any other text (non-ASCII letters
/// fold beyond ASCII, `"` and `\` are escaped), every row, so that the search confirming them
/// (`ValueSearch.matches`) misses nothing.
extension SQLiteNormalizedCache: ValueSearching {
    static let searchSliceSQL = """
        SELECT "key" FROM "records" WHERE "_id" > ? AND "_id" <= ? AND "key" IS NOT NULL \
        AND \(SQLiteConnection.mayHoldFoldedFunction)("record", ?) ORDER BY "_id"
        """

    static let everyRowSliceSQL = """
        SELECT "key" FROM "records" WHERE "_id" > ? AND "_id" <= ? AND "key" IS NOT NULL ORDER BY "_id"
        """

    public func searchSlice(containing text: String, from position: Int64, rows: Int) throws -> ValueSearchSlice {
        let byBytes = Self.isWrittenAsItself(text, excluding: [])
        return try withSliceLock { state in
            let highest = try state.maxRowID()
            let end = position + Int64(max(rows, 1))
            var candidates: [CacheKey] = []
            try state.connection.withStatement(byBytes ? Self.searchSliceSQL : Self.everyRowSliceSQL) { statement in
                statement.bind(position, at: 1)
                statement.bind(end, at: 2)
                if byBytes { statement.bind(text, at: 3) }
                while try statement.step() {
                    if let key = statement.text(0) { candidates.append(CacheKey(key)) }
                }
            }
            let fraction = highest == 0 ? 1 : min(1, Double(end) / Double(highest))
            return ValueSearchSlice(candidates: candidates, next: end, fraction: fraction, isLast: end >= highest)
        }
    }
}
