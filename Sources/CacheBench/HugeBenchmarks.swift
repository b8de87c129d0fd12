import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline

/// `--scale huge` (not in CI): the size a real app's cache reaches after months. It writes a
/// 10,000,000-item Apollo-layout file (and a twin with one item in a hundred changed, for the
/// diff and the raw floors), whose `QUERY_ROOT.items` lists a page of 100,000 of them, and
/// measures what a user does there: the explorer's first frame, keys and memory (each a fresh
/// child process), `:find`, `stats`, `lint`, `diff`, a watch's first result over the page, and
/// a delete by pattern of 11 % of the items, each beside raw SQLite doing the same scan. Only
/// this group runs at `huge`, and it runs only there.
enum HugeBenchmarks {
    static let watchQuery = "{ items { id name } }"

    static let group = BenchmarkGroup(name: "huge") { context in
        guard context.scale == .huge else { return [] }
        return try run(items: context.scale.explorerRecords, pageItems: 100_000, context: context)
    }

    /// The figures over a file of `n` items whose root lists `pageItems`; the explorer's only
    /// with a `cachelens-bench` to start child processes from (tests have none).
    static func run(items n: Int, pageItems: Int, context: BenchmarkContext) throws -> [BenchmarkFigure] {
        let (path, twin) = (context.freshFile("huge-\(n).sqlite"), context.freshFile("huge-\(n)-twin.sqlite"))
        defer {
            context.removeFile(path)
            context.removeFile(twin)
        }
        context.progress("  writing \(n) records twice…")
        try writeFile(path, items: n, pageItems: pageItems, changedEvery: nil)
        try writeFile(twin, items: n, pageItems: pageItems, changedEvery: 100)
        var figures = context.executablePath.isEmpty ? []
            : try ExplorerBenchmarks.figures(path: path, records: n, context: context, budgets: (300, 200))
        let raw = try RawSQLiteBaseline(path: path), rawTwin = try RawSQLiteBaseline(path: twin)
        context.progress("  :find, stats, lint…")
        figures.append(try ScanBenchmarks.find(path: path, raw: raw, items: n, context: context).budgeted(1.3))
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        figures.append(try ScanBenchmarks.stats(cache, raw: raw, items: n, context: context))
        figures.append(try ScanBenchmarks.lint(cache, raw: raw, items: n, context: context).budgeted(1.3))
        context.progress("  diff, watch…")
        figures.append(try HistoryBenchmarks.diff(path, twin, items: n, context: context, budget: 1.3))
        figures.append(try watchFirstResult(path, pageItems: pageItems, context: context))
        context.progress("  delete by pattern…")
        figures.append(try deleteByPattern(path, rawTwin: rawTwin, items: n))
        return figures
    }

    /// `items` workload items in chunks (every `changedEvery`th one with another price), and the
    /// query root listing the first `pageItems`.
    private static func writeFile(_ path: String, items: Int, pageItems: Int, changedEvery: Int?) throws {
        try ExplorerBenchmarks.writeFile(path, records: items, changedEvery: changedEvery)
        let workload = ItemUserWorkload(itemCount: items)
        let users = (0..<ItemUserWorkload.userCount).map(workload.user)
        let root = Record(key: .queryRoot, ["items": .list((0..<pageItems).map { .reference(CacheKey("Item:\($0)")) })])
        try RawSQLiteBaseline(path: path).insert(ItemUserWorkload.rows(users + [root]))
    }

    /// A watcher's first result over the page of `pageItems`, beside a read of the same query.
    private static func watchFirstResult(_ path: String, pageItems: Int, context: BenchmarkContext) throws -> BenchmarkFigure {
        let store = CacheStore(cache: try SQLiteNormalizedCache(path: path))
        let client = GraphQLClient(store: store, transport: ScriptedTransport())
        let operation = try store.executor.operation(document: watchQuery)
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ in
                QueryWatcher(client: client, query: operation, cachePolicy: .returnCacheDataDontFetch,
                             refetchOnFailedUpdates: false, options: WatcherOptions()) { _ in }
            },
            subject: { watcher in
                _ = client.waitFor { await watcher.fetch() }
                watcher.cancel()
            },
            setUpFloor: { _ in },
            floor: { _ in _ = try store.readResult(query: operation) })
        return .milliseconds("watch first result, \(pageItems) of the items (floor: read of the same query)", compared, budget: 1.1)
    }

    /// Removing `Item:1*` (1,111,111 of 10,000,000 items: 11 %) from the file, once, beside raw
    /// SQLite's DELETE of the same keys from the twin.
    private static func deleteByPattern(_ path: String, rawTwin: RawSQLiteBaseline, items: Int) throws -> BenchmarkFigure {
        let cache = try SQLiteNormalizedCache(path: path)
        let pattern = "Item:1"
        let clock = ContinuousClock()
        var removed = 0, rawRemoved = 0
        let subject = try clock.measure { removed = try cache.removeRecords(matching: pattern).count }
        let floor = try clock.measure { rawRemoved = try rawTwin.deleteMatching(pattern) }
        guard removed == rawRemoved, removed > 0 else { throw BenchmarkError("the delete removed \(removed) rows, raw \(rawRemoved)") }
        return .milliseconds("delete by pattern, \(removed) of \(items) items (floor: raw DELETE of the same keys)",
                             Samples([subject.secondsValue]), floor: Samples([floor.secondsValue]), budget: 1.3)
    }
}

extension BenchmarkFigure {
    /// The figure with `budget` as its ratio budget.
    func budgeted(_ budget: Double) -> BenchmarkFigure {
        var figure = self
        figure.budget = budget
        return figure
    }
}
