import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline

/// SQLite merges beside `RawSQLiteBaseline` running the cache's own SQL on the same rows with
/// their JSON encoded beforehand (budget: merge within 1.5x of raw SQLite).
///
/// A merge compares the incoming records with their stored rows in batched statements that bind
/// each record's key and JSON and return the rows that are absent or differ
/// (`SQLiteRows.selectDiffering`), then upserts the rows that changed, in one transaction; the
/// floor does exactly those statements, in one transaction too: the compares (with the JSON
/// encoded beforehand, the rows returned not decoded) and the upserts. It runs them in
/// the order the cache walks the same records (by where their storage lies in memory,
/// `RawSQLiteBaseline.mergeOrder`),
/// and the re-merge floor's file was written in the order the cache's was: a floor walking the
/// `RecordSet`'s hash order would pay for scattered pages the cache does not, and flatter it.
///
/// Each figure comes twice: as the cache runs by default (a large merge encodes its records on
/// a second thread, `Options.concurrentEncoding`), and with everything on the merging thread,
/// for machines without a free core (so that the gain of the second thread is never mistaken
/// for less work); both have budgets.
enum SQLiteMergeBenchmarks {
    /// The cache options of one variant, and the words it adds to a figure's name.
    struct Variant {
        var concurrentEncoding: Bool
        var nameSuffix: String { concurrentEncoding ? "" : ", one thread" }
        /// Budget: within 1.5x by default; on one thread within 1.3x for new records and
        /// 1.5x for a re-merge (second round).
        func budget(remerge: Bool) -> Double { concurrentEncoding || remerge ? 1.5 : 1.3 }
        var options: SQLiteNormalizedCache.Options { SQLiteNormalizedCache.Options(concurrentEncoding: concurrentEncoding) }

        static let all = [Variant(concurrentEncoding: true), Variant(concurrentEncoding: false)]
    }

    /// Merging `n` records into an empty file.
    static func mergeNew(_ n: Int, _ variant: Variant, context: BenchmarkContext) throws -> BenchmarkFigure {
        let workload = ItemUserWorkload(itemCount: n)
        let records = workload.itemRecords()
        let rows = inMergeOrder(ItemUserWorkload.rows(records.records), RawSQLiteBaseline.mergeOrder(of: records))
        let comparedRows = RawSQLiteBaseline.ComparedRows([])
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ in try SQLiteNormalizedCache(path: context.freshFile("merge-\(n).sqlite"), options: variant.options) },
            subject: { cache in
                let changed = try cache.merge(records: records)
                if changed.count != n * 7 { throw BenchmarkError("merging \(n) new items changed \(changed.count) fields, not \(n * 7)") }
            },
            setUpFloor: { _ in try RawSQLiteBaseline(path: context.freshFile("merge-\(n)-raw.sqlite")) },
            floor: { raw in try raw.merge(comparing: comparedRows, upserting: rows) })
        context.removeFile(context.freshFile("merge-\(n).sqlite"))
        context.removeFile(context.freshFile("merge-\(n)-raw.sqlite"))
        return .milliseconds("sqlite merge \(n) new records\(variant.nameSuffix) (floor: raw compare+upsert)", compared,
                             budget: variant.budget(remerge: false))
    }

    /// `rows` in the order of `order` (the keys as the cache's merge walks them, from
    /// `RawSQLiteBaseline.mergeOrder`); keys without a row are skipped.
    private static func inMergeOrder(_ rows: [(key: CacheKey, json: [UInt8])],
                                     _ order: [CacheKey]) -> [(key: CacheKey, json: [UInt8])] {
        let byKey = Dictionary(uniqueKeysWithValues: rows.map { ($0.key, $0) })
        return order.compactMap { byKey[$0] }
    }

    /// Re-merging all `n` records into a file that holds them, 10 % of them with a new price
    /// (a new price every run, so every run changes the same number of rows).
    static func remergeTenPercent(_ n: Int, _ variant: Variant, context: BenchmarkContext) throws -> BenchmarkFigure {
        let workload = ItemUserWorkload(itemCount: n)
        let cachePath = context.freshFile("remerge-\(n).sqlite")
        let cache = try SQLiteNormalizedCache(path: cachePath, options: variant.options)
        let first = workload.itemRecords()
        try cache.merge(records: first)
        let raw = try RawSQLiteBaseline(path: context.freshFile("remerge-\(n)-raw.sqlite"))
        try raw.insert(inMergeOrder(ItemUserWorkload.rows(first.records), RawSQLiteBaseline.mergeOrder(of: first)))
        // Every run starts with an empty write-ahead log, as the removal figures do: a re-merge
        // of 10,000 records writes about half SQLite's checkpoint threshold, so every other
        // commit wrote the log back into the file, and a median of a few runs fell on whichever
        // side happened to draw more of those (the figure swung from 1.32x to 1.63x).
        let cacheCheckpointer = try RawSQLiteBaseline(path: cachePath)
        let changedCount = (n + 9) / 10
        // The order the cache walks this run's records in, for the floor to run in too.
        var order: [CacheKey] = []
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { run in
                let records = workload.itemRecords(changedEvery: 10, priceOffset: Double(run + 1))
                order = RawSQLiteBaseline.mergeOrder(of: records)
                try cacheCheckpointer.checkpoint()
                return records
            },
            subject: { records in
                let changed = try cache.merge(records: records)
                if changed.count != changedCount { throw BenchmarkError("re-merge changed \(changed.count) fields, not \(changedCount)") }
            },
            setUpFloor: { run in
                let all = workload.itemRecords(changedEvery: 10, priceOffset: Double(run + 1))
                let changed = stride(from: 0, to: n, by: 10).map { workload.item($0, priceOffset: Double(run + 1)) }
                try raw.checkpoint()
                return (compared: RawSQLiteBaseline.ComparedRows(inMergeOrder(ItemUserWorkload.rows(all.records), order)),
                        rows: inMergeOrder(ItemUserWorkload.rows(changed), order))
            },
            floor: { input in
                let returned = try raw.merge(comparing: input.compared, upserting: input.rows)
                if returned != changedCount { throw BenchmarkError("the re-merge floor's compares returned \(returned) rows, not \(changedCount)") }
            })
        return .milliseconds("sqlite re-merge \(n) records, 10% changed\(variant.nameSuffix) (floor: raw compare+upsert of changed)",
                             compared, budget: variant.budget(remerge: true))
    }
}
