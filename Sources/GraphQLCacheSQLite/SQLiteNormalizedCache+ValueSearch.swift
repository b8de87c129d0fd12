import GraphQLCache

/// `:find` over a big file: rows are read by rowid range, each range one short statement under
/// the lock, so that writers and the UI are never held up for the whole scan.
extension SQLiteNormalizedCache: ValueSearching {
    static let searchSliceSQL = """
        SELECT "key" FROM "records" WHERE "_id" > ? AND "_id" <= ? AND "key" IS NOT NULL \
        AND "record" LIKE ? ESCAPE '\\' ORDER BY "_id"
        """

    public func searchSlice(containing text: String, from position: Int64, rows: Int) throws -> ValueSearchSlice {
        try withSliceLock { state in
            let highest = try state.maxRowID()
            let end = position + Int64(max(rows, 1))
            var candidates: [CacheKey] = []
            try state.connection.withStatement(Self.searchSliceSQL) { statement in
                statement.bind(position, at: 1)
                statement.bind(end, at: 2)
                statement.bind("%" + Self.escapeLike(text) + "%", at: 3)
                while try statement.step() {
                    if let key = statement.text(0) { candidates.append(CacheKey(key)) }
                }
            }
            let fraction = highest == 0 ? 1 : min(1, Double(end) / Double(highest))
            return ValueSearchSlice(candidates: candidates, next: end, fraction: fraction, isLast: end >= highest)
        }
    }
}
