import CacheExplorer
import GraphQLCache
import GraphQLCacheSQLite

/// Issue 31's first row in the explorer: an edit of one item's name shown by a watch over
/// 100,000 items (`{ items { id name } }` on a SQLite file, read with the watch pane's list
/// limit) to the watch's new lines ready, as the explorer's edit makes it (the backend's write,
/// the watcher's patch run as background work, the pane's lines and report rebuilt). Beside it,
/// the whole read of the same query that every such edit cost before watches patched limited
/// reads.
enum ExplorerWatchPatchBenchmark {
    static let itemCount = IncrementalWatchBenchmarks.itemCount
    static let document = IncrementalWatchBenchmarks.query
    /// Items the watch pane shows: the ones whose rename changes its lines.
    static let shownItems = 100

    /// The figures over `items` items (fewer in the debug test that keeps them running).
    static func figures(_ context: BenchmarkContext, items: Int = itemCount) throws -> [BenchmarkFigure] {
        context.progress("  explorer watch patch after one edit…")
        let path = context.freshFile("explorer-watch-patch-\(items).sqlite")
        defer { context.removeFile(path) }
        let cache = try SQLiteNormalizedCache(path: path)
        try cache.merge(records: ItemUserWorkload(itemCount: items).records())
        let backend = StoreBackend(cache: cache, sourceName: "bench", waitsForWatches: true)
        try backend.addWatch(name: "items", document: document)
        backend.waitUntilIdle()
        try rename(0, on: backend)   // the first edit patches too (the first read is kept)
        let patch = try Samples.measure(warmup: context.warmup, iterations: context.iterations * 4,
                                        setUp: { Int.random(in: 1..<1_000_000) }) { run in
            try rename(run, on: backend)
        }
        let store = CacheStore(cache: cache)
        let operation = try store.executor.operation(document: document)
        let options = StoreBackend.watchReadOptions
        let reread = try Samples.measure(warmup: 0, iterations: context.iterations) {
            _ = try store.readResult(query: operation, options: options)
        }
        return [
            .milliseconds("explorer watch patch after one edit, \(items)-item watch", patch, budget: 16),
            .milliseconds("explorer watch full re-read, \(items)-item watch (what a patch replaces)", reread),
        ]
    }

    /// Renames a shown item and waits for the watch's lines to show it.
    private static func rename(_ run: Int, on backend: StoreBackend) throws {
        let index = run % shownItems
        let name = "renamed \(run)"
        let updates = backend.watches().first?.updateCount ?? 0
        _ = try backend.write([Record(key: CacheKey("Item:\(index)"), ["name": .string(name)])])
        backend.waitUntilIdle()
        guard let watch = backend.watches().first, watch.updateCount > updates,
              watch.resultLines.contains("items[\(index)].name: \"\(name)\"") else {
            throw BenchmarkError("the rename of Item:\(index) did not reach the watch's lines")
        }
    }
}
