import GraphQLCache

extension SQLiteNormalizedCache {
    /// Counts, sizes and typenames of the whole file, in one scan of its rows, a page of rows per
    /// hold of the connection as every scan the explorer's UI thread makes (`withConnection`).
    ///
    /// Why one scan: the totals and the largest rows were two SQL scans of their own (one with
    /// a sort) beside the scan for typenames, which decoded every record; on ten million rows
    /// the whole took nineteen times one read of the rows. Each row's `__typename` is now found
    /// by checking its text (`RecordTextCheck`); a row the check cannot vouch for is decoded,
    /// which also tells a broken row from a sound one. The checks run on a second thread while
    /// this one reads the next page (`StatisticsScan`). The figures are those of the SQL:
    /// `count(*)`, `sum(length(CAST("key" AS BLOB)) + length(CAST("record" AS BLOB)))` (a row
    /// with a NULL adds nothing) and the largest records by `length(CAST("record" AS BLOB))`.
    public func statistics(largest: Int = 10) throws -> CacheStatistics {
        var scan = StatisticsScan(largest: largest)
        defer { scan.finish() }
        var after = Int64.min
        while true {
            let (page, last) = try withConnection { state in try scan.readPage(after: after, on: state.connection) }
            scan.submit(page)
            guard let last else { break }
            after = last
        }
        var statistics = scan.statistics()
        try withConnection { state in
            let pages = "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()"
            try state.connection.withStatement(pages) { statement in
                if try statement.step() { statistics.fileBytes = Int(statement.int64(0)) }
            }
        }
        return statistics
    }
}
