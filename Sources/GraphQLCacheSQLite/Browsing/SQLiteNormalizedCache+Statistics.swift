import GraphQLCache

extension SQLiteNormalizedCache {
    /// Counts, sizes and typenames of the whole file; the totals and the largest rows come
    /// from SQL, and every row is read once for its typename (through `withConnection`, as
    /// every scan the explorer's UI thread makes).
    public func statistics(largest: Int = 10) throws -> CacheStatistics {
        var statistics = CacheStatistics()
        try withConnection { state throws in
            let connection = state.connection
            let totals = #"SELECT count(*), coalesce(sum(length(CAST("key" AS BLOB)) + length(CAST("record" AS BLOB))), 0) FROM "records""#
            try connection.withStatement(totals) { statement in
                if try statement.step() {
                    statistics.records = Int(statement.int64(0))
                    statistics.recordBytes = Int(statement.int64(1))
                }
            }
            let pages = "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()"
            try connection.withStatement(pages) { statement in
                if try statement.step() { statistics.fileBytes = Int(statement.int64(0)) }
            }
            let top = #"SELECT "key", length(CAST("record" AS BLOB)) AS size FROM "records" WHERE "key" IS NOT NULL ORDER BY size DESC, "key" LIMIT ?"#
            try connection.withStatement(top) { statement in
                statement.bind(Int64(largest), at: 1)
                while try statement.step() {
                    statistics.largest.append(.init(key: statement.text(0) ?? "", bytes: Int(statement.int64(1))))
                }
            }
        }
        var counts: [String: Int] = [:]
        try forEachRecord { result in
            switch result {
            case .record(let record): counts[record.typename ?? "(none)", default: 0] += 1
            case .broken(let broken): statistics.broken.append(broken)
            }
        }
        statistics.typenames = CacheStatistics.byCount(counts)
        return statistics
    }
}
