import CacheDiagnostics
import CacheExplorer
import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline

/// Whole-file scans a user starts, each beside raw SQLite doing the same scan on the same rows
/// (`RawSQLiteBaseline`): `:find` in the explorer (a value search, a slice of rows at a time off
/// the UI thread), `cachelens lint` (every record decoded and checked) and `cachelens check` of
/// a query that misses on every item (the read, then the census of every record its diagnosis
/// needs). No budgets (issue 16 asks for the figures); the ratio says what the scan adds to
/// SQLite's own.
enum ScanBenchmarks {
    static let group = BenchmarkGroup(name: "scans") { context in
        let n = context.scale.tableRows
        let path = context.freshFile("scans-\(n).sqlite")
        defer { context.removeFile(path) }
        try ExplorerWorkBenchmarks.writeFile(path, items: n)
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        let raw = try RawSQLiteBaseline(path: path)
        return [try find(path: path, raw: raw, items: n, context: context),
                try stats(cache, raw: raw, items: n, context: context),
                try lint(cache, raw: raw, items: n, context: context),
                try check(cache, raw: raw, items: n, context: context)]
    }

    /// `:find Item 99` typed into a headless explorer on the file, Enter, until the search is
    /// done; the floor selects the keys of rows whose text contains it (`LIKE`, one statement).
    static func find(path: String, raw: RawSQLiteBaseline, items: Int, context: BenchmarkContext) throws -> BenchmarkFigure {
        let text = "Item 99"
        let size = Size(width: 120, height: 40)
        let expected = try raw.keysContaining(text)
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ -> ExplorerLoop in
                let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
                let terminal = HeadlessTerminal(size: size, actions: (":find \(text)".map(Key.character) + [.enter]).map(Action.keyPressed))
                var explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "scans"), size: size)
                // A big file's keys are read in the background when it opens: the search starts
                // on a file already listed, as a user's does, not beside that read.
                explorer.settle()
                return ExplorerLoop(explorer: explorer, terminal: terminal)
            },
            subject: { start in
                var loop = start
                repeat { loop.run(untilIdle: true) } while loop.explorer.state.find?.isFinished != true
                guard loop.explorer.state.find?.matches.count == expected else {
                    throw BenchmarkError(":find \(text) found \(loop.explorer.state.find?.matches.count ?? -1) records, not \(expected)")
                }
            },
            setUpFloor: { _ in },
            floor: { _ in _ = try raw.keysContaining(text) })
        return .milliseconds(":find \"\(text)\" over \(items) items (floor: raw LIKE scan)", compared)
    }

    /// `cachelens stats`: counts, bytes, the largest rows and typenames, in one scan of the
    /// rows; the floor reads every row.
    static func stats(_ cache: SQLiteNormalizedCache, raw: RawSQLiteBaseline, items: Int,
                      context: BenchmarkContext) throws -> BenchmarkFigure {
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ in }, subject: { _ in _ = try cache.statistics(largest: 10) },
            setUpFloor: { _ in }, floor: { _ in _ = try raw.scanAll() })
        return .milliseconds("stats over \(items) items (floor: raw scan of every row)", compared, budget: 1.3)
    }

    /// `CacheLint` over every record; the floor reads every row's key and text.
    static func lint(_ cache: SQLiteNormalizedCache, raw: RawSQLiteBaseline, items: Int,
                             context: BenchmarkContext) throws -> BenchmarkFigure {
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ in }, subject: { _ in _ = try CacheLint(configuration: CacheConfiguration()).run(on: cache) },
            setUpFloor: { _ in }, floor: { _ in _ = try raw.scanAll() })
        return .milliseconds("lint over \(items) items (floor: raw scan of every row)", compared)
    }

    /// What `cachelens check` does for a query reading a field no item holds: the read (every
    /// item a miss) and the explanation (groups, and the census of every record behind the
    /// diagnosis). The floor: the batched select of every item plus the raw scan of every row.
    private static func check(_ cache: SQLiteNormalizedCache, raw: RawSQLiteBaseline, items: Int,
                              context: BenchmarkContext) throws -> BenchmarkFigure {
        let store = CacheStore(cache: cache)
        let operation = try store.executor.operation(document: "{ items { id name description } }")
        let keys = (0..<items).map { CacheKey("Item:\($0)") }
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ in },
            subject: { _ in
                let result = try store.readResult(query: operation)
                let explanation = try MissExplanation(result: result, diagnoser: MissDiagnoser(configuration: store.configuration, cache: cache))
                guard result.misses.count == items, explanation.groups.count == 1 else {
                    throw BenchmarkError("check found \(result.misses.count) misses in \(explanation.groups.count) groups")
                }
            },
            setUpFloor: { _ in },
            floor: { _ in
                try raw.select(keys: keys)
                _ = try raw.scanAll()
            })
        return .milliseconds("check of a query missing on \(items) items (floor: raw select of the items + raw scan)", compared)
    }
}
