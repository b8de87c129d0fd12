import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline
import Synchronization

/// A change costs what it changed: a watch over 100,000 items (`{ items { id name } }` on a
/// SQLite file) patched after one edit and after another connection's commit (times from the
/// commit to the delivery, the watch updating on the committing thread as Apollo's does,
/// beside the full re-read a watcher made before; absolute budgets: 16 ms to a frame, 250 ms
/// for another process's commit), its first result beside a read of the query (the two
/// measured in alternation), and a new watch's first patch (the first read leaves listing its
/// nodes by record to it).
///
/// Deleting the 100,000 items, putting them back and a garbage collection run with the watch
/// updating as background work, as the explorer's does: each stands beside raw SQLite doing the
/// same rows (the budget is 1.3x raw, the watch's patch coming after), and the patch
/// after each is a figure of its own beside a read of the query at that moment.
enum IncrementalWatchBenchmarks {
    static let itemCount = 100_000
    static let query = "{ items { id name } }"

    static let group = BenchmarkGroup(name: "patches") { context in
        let bench = try Bench(context: context)
        defer { bench.close() }
        var figures = try bench.edits()
        figures += try bench.firstResult()
        figures += try bench.firstPatch()
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
        private let counter = WatchDeliveries()

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

        /// A new watch's first result, beside a read of the same query, the two measured in
        /// alternation so that a burst of load on the machine falls on both alike.
        func firstResult() throws -> [BenchmarkFigure] {
            context.progress("  watch first result…")
            let (client, operation, store) = (client, operation, store)
            let compared = try Samples.compare(warmup: context.warmup, iterations: context.iterations,
                                               setUpSubject: { _ in }, subject: {
                let counter = WatchDeliveries()
                let watcher = QueryWatcher(client: client, query: operation, cachePolicy: .returnCacheDataDontFetch,
                                           refetchOnFailedUpdates: false, options: WatcherOptions()) { _ in counter.add() }
                _ = client.waitFor { await watcher.fetch() }
                watcher.cancel()
                if counter.count == 0 { throw BenchmarkError("a new watch delivered no first result") }
            }, setUpFloor: { _ in }, floor: { _ = try store.readResult(query: operation) })
            return [.milliseconds("watch first result, 100000-item watch", compared, budget: 1.1)]
        }

        /// A new watch's first patch after one edit: the first read leaves listing the kept
        /// tree's nodes by record to it (`watch patch after one edit` is the patches after).
        /// The bench's own watcher is stopped first, so the edit patches the new watch alone.
        func firstPatch() throws -> [BenchmarkFigure] {
            context.progress("  watch first patch…")
            watcher.cancel()
            let (client, operation) = (client, operation)
            var run = 0
            let first = try Samples.measure(warmup: context.warmup, iterations: context.iterations, setUp: {
                let counter = WatchDeliveries()
                let watcher = QueryWatcher(client: client, query: operation, cachePolicy: .returnCacheDataDontFetch,
                                           refetchOnFailedUpdates: false, options: WatcherOptions()) { _ in counter.add() }
                _ = client.waitFor { await watcher.fetch() }
                run += 1
                return (watcher, counter, rename(2_000_000 + run))
            }) { watcher, counter, records in
                _ = try store.merge(records: records)
                watcher.cancel()
                if counter.count != 2 { throw BenchmarkError("an edit did not reach a new 100,000-item watch") }
            }
            return [.milliseconds("watch first patch after one edit, new 100000-item watch", first)]
        }

        /// Deleting every item and putting them back, then a garbage collection, with the watch
        /// updating in the background, beside raw SQL; and the watch's patch after each change.
        func bulk() throws -> [BenchmarkFigure] {
            context.progress("  delete and undo of 100000 records…")
            watcher.cancel()
            let watch = BackgroundWatch(client: client, query: operation)
            defer { watch.cancel() }
            _ = try watch.time("the first edit") { _ = try store.merge(records: rename(1_000_000)) }   // builds the kept tree
            let items = workload.itemRecords()
            let rows = ItemUserWorkload.rows(items.records)
            var runs = BulkRuns()
            let clock = ContinuousClock()
            for run in 0..<(context.warmup + context.iterations) {
                var removed = 0
                let delete = try watch.time("the delete") { removed = try store.removeRecords(matching: "Item:").count }
                guard removed == itemCount else { throw BenchmarkError("deleted \(removed) items, not \(itemCount)") }
                let missRead = try clock.measure { _ = try store.readResult(query: operation) }
                let rawDelete = try clock.measure { _ = try raw.deleteMatching("Item:") }
                let undo = try watch.time("the undo") { _ = try store.merge(records: items) }
                let read = try clock.measure { _ = try store.readResult(query: operation) }
                let rawInsert = try clock.measure { try raw.insert(rows) }
                guard run >= context.warmup else { continue }
                runs.add(delete: delete, missRead: missRead, rawDelete: rawDelete, undo: undo, read: read, rawInsert: rawInsert)
            }
            return runs.figures() + (try gc())
        }

        /// A garbage collection that finds nothing to remove (every item is reached from the
        /// root), beside reading every row raw (the least any collection reads) and beside
        /// finding every reference in the rows raw (the least a collection does: it must know
        /// each row's references; the floor).
        private func gc() throws -> [BenchmarkFigure] {
            context.progress("  gc of 100000 records…")
            let collect = try Samples.measure(warmup: context.warmup, iterations: context.iterations) {
                let result = try self.store.garbageCollect()
                if !result.isEmpty { throw BenchmarkError("gc removed what the workload holds") }
            }
            let scan = try Samples.measure(warmup: context.warmup, iterations: context.iterations) { _ = try self.raw.scanAll() }
            let references = try Samples.measure(warmup: context.warmup, iterations: context.iterations) {
                _ = try self.raw.scanReferences()
            }
            return [
                .milliseconds("gc 100000 records (floor: raw scan of every row)", collect, floor: scan, budget: 1.3),
                .milliseconds("gc 100000 records (floor: raw reference scan)", collect, floor: references, budget: 1.3),
            ]
        }
    }
}

/// The samples of the delete and undo runs, and the figures made of them.
private struct BulkRuns {
    var deletes: [Double] = [], deletePatches: [Double] = [], missReads: [Double] = [], rawDeletes: [Double] = []
    var undos: [Double] = [], undoPatches: [Double] = [], reads: [Double] = [], rawInserts: [Double] = []

    mutating func add(delete: (commit: Double, patch: Double), missRead: Duration, rawDelete: Duration,
                      undo: (commit: Double, patch: Double), read: Duration, rawInsert: Duration) {
        deletes.append(delete.commit)
        deletePatches.append(delete.patch)
        missReads.append(missRead.secondsValue)
        rawDeletes.append(rawDelete.secondsValue)
        undos.append(undo.commit)
        undoPatches.append(undo.patch)
        reads.append(read.secondsValue)
        rawInserts.append(rawInsert.secondsValue)
    }

    func figures() -> [BenchmarkFigure] {
        [
            .milliseconds("delete 100000 records", Samples(deletes), floor: Samples(rawDeletes), budget: 1.3),
            .milliseconds("watch patch after deleting 100000 records (floor: read of the query)", Samples(deletePatches),
                          floor: Samples(missReads)),
            .milliseconds("undo delete 100000 records", Samples(undos), floor: Samples(rawInserts), budget: 1.3),
            .milliseconds("watch patch after the undo (floor: read of the query)", Samples(undoPatches),
                          floor: Samples(reads)),
        ]
    }
}
