import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline

/// Batched loads and pattern removal over a table of `tableRows` items, beside
/// `RawSQLiteBaseline` running the same statements on the same rows (budgets: loads, SQL plus
/// decoding, within 2x of the raw SELECT; pattern delete within 1.5x of raw sqlite and, for a
/// literal ASCII pattern, within 1.2x of Apollo's plain `LIKE`).
enum SQLiteTableBenchmarks {
    /// The removal pattern: `Item:1`, `Item:10`…`Item:19`, `Item:100`…: about 11 % of the rows.
    static let pattern = "item:1"

    /// Loading every row, and 1,000 rows spread over the table, by key. The load of every row
    /// decodes on a second thread by default (`Options.concurrentDecoding`); it is also measured
    /// on one thread (no budget), so that the second core's gain is never mistaken for less work.
    static func loads(context: BenchmarkContext) throws -> [BenchmarkFigure] {
        let n = context.scale.tableRows
        let workload = ItemUserWorkload(itemCount: n)
        let path = context.freshFile("table-\(n).sqlite")
        defer { context.removeFile(path) }
        let cache = try SQLiteNormalizedCache(path: path)
        try cache.merge(records: workload.itemRecords())
        let oneThread = try SQLiteNormalizedCache(path: path, options: SQLiteNormalizedCache.Options(concurrentDecoding: false))
        let raw = try RawSQLiteBaseline(path: path)
        let every = Set((0..<n).map { CacheKey("Item:\($0)") })
        let spread = Set(stride(from: 0, to: n, by: max(n / 1000, 1)).map { CacheKey("Item:\($0)") })
        return [
            try load(every, from: cache, beside: raw, context: context,
                     name: "sqlite load \(every.count) records by key, batched (floor: raw select)"),
            try load(every, from: oneThread, beside: raw, context: context, budget: nil,
                     name: "sqlite load \(every.count) records by key, batched, one thread (floor: raw select)"),
            try load(spread, from: cache, beside: raw, context: context,
                     name: "sqlite load \(spread.count) of \(n) records by key, batched (floor: raw select)"),
        ]
    }

    private static func load(_ keys: Set<CacheKey>, from cache: SQLiteNormalizedCache, beside raw: RawSQLiteBaseline,
                             context: BenchmarkContext, budget: Double? = 2, name: String) throws -> BenchmarkFigure {
        let ordered = Array(keys)
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ in },
            subject: { _ in
                let records = try cache.loadRecords(forKeys: keys)
                if records.count != keys.count { throw BenchmarkError("loaded \(records.count) of \(keys.count) records") }
            },
            setUpFloor: { _ in },
            floor: { _ in try raw.select(keys: ordered) })
        return .milliseconds(name, compared, budget: budget)
    }

    /// Removing the keys that contain `pattern` from `tableRows` rows; the removed rows are put
    /// back (unmeasured) before each run. Beside the cache's own SQL, and beside the plain
    /// `LIKE` Apollo iOS runs (which treats `%` and `_` as wildcards and folds ASCII only): for
    /// this pattern, with no `%` or `_` and no letter a non-ASCII character folds to, the two
    /// remove the same rows.
    static func removal(context: BenchmarkContext) throws -> [BenchmarkFigure] {
        let n = context.scale.tableRows
        let workload = ItemUserWorkload(itemCount: n)
        let doomed = workload.itemRecords(matching: pattern)
        let doomedRows = ItemUserWorkload.rows(doomed.records)
        let allRows = ItemUserWorkload.rows(workload.itemRecords().records)
        let paths = ["cache", "raw", "like"].map { context.freshFile("removal-\(n)-\($0).sqlite") }
        defer { paths.forEach(context.removeFile) }
        let cache = try SQLiteNormalizedCache(path: paths[0])
        try cache.merge(records: workload.itemRecords())
        let raws = try paths.dropFirst().map(RawSQLiteBaseline.init(path:))
        // Every run starts with an empty write-ahead log: which run's commit crossed SQLite's
        // checkpoint threshold otherwise decided which side paid for writing the log back.
        let cacheCheckpointer = try RawSQLiteBaseline(path: paths[0])
        for raw in raws { try raw.insert(allRows) }
        let expected = doomed.count
        func check(_ count: Int) throws {
            if count != expected { throw BenchmarkError("removing \"\(pattern)\" removed \(count) rows, not \(expected)") }
        }
        let sameSQL = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { run in if run > 0 { try cache.merge(records: doomed) }; try cacheCheckpointer.checkpoint() },
            subject: { _ in try check(try cache.removeRecords(matching: pattern).count) },
            setUpFloor: { run in if run > 0 { try raws[0].insert(doomedRows) }; try raws[0].checkpoint() },
            floor: { _ in try check(try raws[0].deleteMatching(pattern)) })
        let like = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ in try cache.merge(records: doomed); try cacheCheckpointer.checkpoint() },
            subject: { _ in try check(try cache.removeRecords(matching: pattern).count) },
            setUpFloor: { run in if run > 0 { try raws[1].insert(doomedRows) }; try raws[1].checkpoint() },
            floor: { _ in try check(try raws[1].deleteLike(pattern)) })
        return [
            .milliseconds("sqlite remove by pattern, \(expected) of \(n) rows (floor: raw same SQL)", sameSQL, budget: 1.5),
            .milliseconds("sqlite remove by pattern, \(expected) of \(n) rows (floor: raw plain LIKE, Apollo's SQL)", like, budget: 1.2),
        ]
    }
}
