import GraphQLCache
import Synchronization

/// A ready-made scene for timing watcher dispatch: a store with `watcherCount` query watchers,
/// each on its own record, so that changing one field concerns exactly one of them. The
/// benchmark (`cachelens-bench`) times `changeOneField()` at 10, 1,000 and 100,000 watchers;
/// with the inverted change index the time should stay flat.
///
/// Watcher `i` watches `query($id: ID!) { node(id: $id) { value } }` with `id` = `i`, which
/// reads `QUERY_ROOT.node(id:i)` -> `Node:i`.
final class WatcherDispatchBenchmark {
    /// The store under measurement.
    let store: CacheStore
    private let client: GraphQLClient
    private let watchers: [QueryWatcher]
    private let deliveries = DeliveryCounter()
    private var step = 0

    /// Builds the store and starts the watchers (each reads its data once). Setup is not what
    /// the benchmark measures.
    init(watcherCount: Int) throws {
        store = CacheStore(cache: InMemoryNormalizedCache())
        client = GraphQLClient(store: store, transport: ScriptedTransport())
        var root = Record(key: .queryRoot)
        var records: [Record] = []
        for index in 0..<watcherCount {
            let key = CacheKey("Node:\(index)")
            root["node(id:\(index))"] = .reference(key)
            records.append(Record(key: key, ["__typename": .string("Node"), "value": .int(0)]))
        }
        try store.merge(records: RecordSet(records: records + [root]))
        let document = "query($id: ID!) { node(id: $id) { value } }"
        var made: [QueryWatcher] = []
        made.reserveCapacity(watcherCount)
        for index in 0..<watcherCount {
            let query = try store.executor.operation(document: document, variables: ["id": .string(String(index))])
            made.append(QueryWatcher(client: client, query: query, cachePolicy: .returnCacheDataDontFetch) { [deliveries] _ in
                deliveries.count.add(1, ordering: .relaxed)
            })
        }
        watchers = made
        let started = made
        client.waitFor { for watcher in started { await watcher.fetch(deliver: false) } }
    }

    /// How many watchers are registered.
    var watcherCount: Int { watchers.count }

    /// Changes one watched field (a different watcher's each time) in one transaction and
    /// returns when its watcher has re-read and delivered. Returns the deliveries so far.
    @discardableResult
    func changeOneField() throws -> Int {
        guard !watchers.isEmpty else { return 0 }
        step += 1
        let key = CacheKey("Node:\(step % watchers.count)")
        try store.merge(records: RecordSet(records: [Record(key: key, ["value": .int(step)])]))
        return deliveries.count.load(ordering: .relaxed)
    }

    /// Stops every watcher.
    func cancel() {
        for watcher in watchers { watcher.cancel() }
    }
}

/// A shared count of deliveries, captured by every benchmark watcher.
private final class DeliveryCounter: Sendable {
    let count = Atomic<Int>(0)
}
