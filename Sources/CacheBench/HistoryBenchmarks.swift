import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline

/// `cachelens diff` and `cachelens extract` on big files. The diff walks two files of
/// `tableRows` items in key order, one in a hundred items changed, beside raw SQLite reading both
/// files in key order (budget 1.5x: a diff of two 100,000-record files within 1.5x of reading
/// both). The extract reads the workload's query and keeps the records it reads, beside the
/// read alone (no budget: the figure says what choosing and encoding the records adds). The
/// explorer's log opening on a long journal is `HistoryLogBenchmark`.
enum HistoryBenchmarks {
    static let group = BenchmarkGroup(name: "history") { context in
        let n = context.scale.tableRows
        let before = context.freshFile("history-a-\(n).sqlite"), after = context.freshFile("history-b-\(n).sqlite")
        defer {
            context.removeFile(before)
            context.removeFile(after)
        }
        try writeFiles(before: before, after: after, items: n)
        return [try diff(before, after, items: n, context: context), try extract(before, items: n, context: context),
                try HistoryLogBenchmark.figure(context: context)]
    }

    /// File `before` holds the workload; `after` the same with every hundredth item's price changed.
    private static func writeFiles(before: String, after: String, items: Int) throws {
        let workload = ItemUserWorkload(itemCount: items)
        var records = workload.records()
        try RawSQLiteBaseline(path: before).insert(ItemUserWorkload.rows(records.records))
        for i in stride(from: 0, to: items, by: 100) { records.merge(record: workload.item(i, priceOffset: 1)) }
        try RawSQLiteBaseline(path: after).insert(ItemUserWorkload.rows(records.records))
    }

    /// `cachelens diff` of `before` and `after` (one item in a hundred changed) beside raw
    /// SQLite reading both in key order.
    static func diff(_ before: String, _ after: String, items: Int, context: BenchmarkContext,
                     budget: Double = 1.5) throws -> BenchmarkFigure {
        let a = try SQLiteNormalizedCache(path: before, options: .init(readOnly: true))
        let b = try SQLiteNormalizedCache(path: after, options: .init(readOnly: true))
        let rawA = try RawSQLiteBaseline(path: before), rawB = try RawSQLiteBaseline(path: after)
        let expected = (items + 99) / 100
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ in },
            subject: { _ in
                var differ = CacheDiffer(before: try a.rowsInKeyOrder(), after: try b.rowsInKeyOrder())
                var count = 0
                while try differ.next() != nil { count += 1 }
                guard count == expected else { throw BenchmarkError("the diff found \(count) changed records, not \(expected)") }
            },
            setUpFloor: { _ in },
            floor: { _ in
                try rawA.scanAllInKeyOrder()
                try rawB.scanAllInKeyOrder()
            })
        return .milliseconds("diff two \(items)-record files (floor: raw two-file scan in key order)", compared, budget: budget)
    }

    private static func extract(_ path: String, items: Int, context: BenchmarkContext) throws -> BenchmarkFigure {
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        let store = CacheStore(cache: cache)
        let operation = try store.executor.operation(document: ItemUserWorkload.query)
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ in },
            subject: { _ in
                let result = try store.readResult(query: operation)
                let records = try RecordExtraction.records(for: result, in: cache)
                let header = ReproBundle.Header(operation: ItemUserWorkload.query, operationName: nil, variables: JSONObject(),
                                                schema: [], source: "bench", anonymized: false)
                _ = ReproBundle(header: header, records: records).encoded()
            },
            setUpFloor: { _ in },
            floor: { _ in _ = try store.readResult(query: operation) })
        return .milliseconds("extract one query from a \(items)-record file (floor: the query's read)", compared)
    }
}
