import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline
import Synchronization

/// A change costs what it changed: a watch over 100,000 items (`{ items { id name } }` on a
/// SQLite file) patched after one edit, after another connection's commit, after deleting the
/// 100,000 items and after putting them back. The watch figures are times from the commit to
/// the delivery, beside the full re-read a watcher made before (and Apollo's still makes);
/// their budgets are absolute (16 ms to a frame, 250 ms for another process's commit). The
/// delete and re-insert figures stand beside raw SQLite doing the same rows, watch included.
enum IncrementalWatchBenchmarks {
    static let itemCount = 100_000
    static let query = "{ items { id name } }"

    static let group = BenchmarkGroup(name: "patches") { context in
        let bench = try Bench(context: context)
        defer { bench.close() }
        var figures = try bench.edits()
        figures += try bench.bulk()
        figures += try ExplorerWatchPatchBenchmark.figures(context)
        return figures
    }

    /// A SQLite file of `itemCount` items with a watcher on them, and a raw twin for floors.
    private final class Bench: @unchecked Sendable {
        let context: BenchmarkContext
        let workload = ItemUserWorkload(itemCount: itemCount)
        let paths: [String]
        let store: CacheStore
        let other: SQLiteNormalizedCache
        let raw: RawSQLiteBaseline
        let client: GraphQLClient
        let watcher: QueryWatcher
        let operation: GraphQLOperation
        private let counter = DeliveryCounter()

        init(context: BenchmarkContext) throws {
            self.context = context
            paths = ["cache", "raw"].map { context.freshFile("incremental-\(itemCount)-\($0).sqlite") }
            let cache = try SQLiteNormalizedCache(path: paths[0])
            try cache.merge(records: workload.records())
            store = CacheStore(cache: cache)
            try store.startTrackingExternalChanges()
            other = try SQLiteNormalizedCache(path: paths[0])
            raw = try RawSQLiteBaseline(path: paths[1])
            try raw.insert(ItemUserWorkload.rows(workload.records().records))
            client = GraphQLClient(store: store, transport: ScriptedTransport())
            operation = try store.executor.operation(document: query)
            let counter = counter
            watcher = QueryWatcher(client: client, query: operation, cachePolicy: .returnCacheDataDontFetch,
                                   refetchOnFailedUpdates: false, options: WatcherOptions()) { _ in counter.add() }
            let (client, watcher) = (client, watcher)
            _ = client.waitFor { await watcher.fetch() }
        }

        func close() {
            watcher.cancel()
            paths.forEach(context.removeFile)
        }

        /// Delivers after `body`, or says which change did not reach the watcher.
        private func expectDelivery(_ what: String, _ body: () throws -> Void) throws {
            let before = counter.count
            try body()
            if counter.count == before { throw BenchmarkError("\(what) did not reach the 100,000-item watch") }
        }

        private func rename(_ run: Int) -> RecordSet {
            RecordSet(records: [Record(key: CacheKey("Item:\(run * 7_919 % itemCount)"), ["name": .string("renamed \(run)")])])
        }

        /// One edit by this store and one by another connection, each to the watch's delivery.
        func edits() throws -> [BenchmarkFigure] {
            context.progress("  watch patch after one edit…")
            try expectDelivery("the first edit") { _ = try store.merge(records: rename(0)) }   // builds the kept tree
            let edit = try Samples.measure(warmup: context.warmup, iterations: context.iterations * 4,
                                           setUp: { rename(Int.random(in: 1..<1_000_000)) }) { records in
                try expectDelivery("an edit") { _ = try store.merge(records: records) }
            }
            context.progress("  watch patch after an external change…")
            let external = try Samples.measure(warmup: context.warmup, iterations: context.iterations * 4,
                                               setUp: { rename(Int.random(in: 1..<1_000_000)) }) { records in
                try expectDelivery("another connection's edit") {
                    _ = try other.merge(records: records)
                    _ = try store.pollExternalChanges()
                }
            }
            let reread = try Samples.measure(warmup: 0, iterations: context.iterations) {
                _ = try self.store.readResult(query: self.operation)
            }
            return [
                .milliseconds("watch patch after one edit, 100000-item watch", edit, budget: 16),
                .milliseconds("watch patch after an external change", external, budget: 250),
                .milliseconds("watch full re-read, 100000-item watch (what a patch replaces)", reread),
            ]
        }

        /// Deleting every item and putting them back, with the watch open, beside raw SQL.
        func bulk() throws -> [BenchmarkFigure] {
            context.progress("  delete and undo of 100000 records…")
            let items = workload.itemRecords()
            let rows = ItemUserWorkload.rows(items.records)
            var deletes: [Double] = [], rawDeletes: [Double] = [], inserts: [Double] = [], rawInserts: [Double] = []
            let clock = ContinuousClock()
            for run in 0..<(context.warmup + context.iterations) {
                var removed = 0
                let delete = try clock.measure {
                    try expectDelivery("the delete") { removed = try store.removeRecords(matching: "Item:").count }
                }
                guard removed == itemCount else { throw BenchmarkError("deleted \(removed) items, not \(itemCount)") }
                let rawDelete = try clock.measure { _ = try raw.deleteMatching("Item:") }
                let insert = try clock.measure { try expectDelivery("the undo") { _ = try store.merge(records: items) } }
                let rawInsert = try clock.measure { try raw.insert(rows) }
                guard run >= context.warmup else { continue }
                deletes.append(delete.secondsValue)
                rawDeletes.append(rawDelete.secondsValue)
                inserts.append(insert.secondsValue)
                rawInserts.append(rawInsert.secondsValue)
            }
            return [
                .milliseconds("delete 100000 records", Samples(deletes),
                              floor: Samples(rawDeletes), budget: 1.3),
                .milliseconds("undo delete 100000 records", Samples(inserts),
                              floor: Samples(rawInserts), budget: 1.3),
            ]
        }
    }
}

/// Counts a watcher's deliveries across threads.
private final class DeliveryCounter: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
