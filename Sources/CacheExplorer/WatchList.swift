import GraphQLCache
import Synchronization

/// The explorer's watched queries: `QueryWatcher`s of a `GraphQLClient` (so a watch re-reads
/// when a committed change touches what it read, and fetches per its cache policy), plus what
/// the watches pane shows about each: the live result, its source, the update count and the
/// keys whose change caused the last update.
public final class WatchList: Sendable {
    private struct Entry: Sendable {
        var snapshot: WatchSnapshot
        var watcher: QueryWatcher?
        /// Follows the same dependencies as the watcher, to tell which keys changed it.
        var tracker: CacheObservation?

        init(snapshot: WatchSnapshot) { self.snapshot = snapshot }
    }

    private let client: GraphQLClient
    private let policy: CachePolicy
    private let entries = Mutex<[Entry]>([])
    private let listeners = Mutex<[@Sendable (Action) -> Void]>([])

    /// Watches through `client`, first fetching with `policy`.
    public init(client: GraphQLClient, policy: CachePolicy) {
        self.client = client
        self.policy = policy
    }

    deinit {
        for entry in entries.withLock({ $0 }) {
            entry.watcher?.cancel()
            entry.tracker?.cancel()
        }
    }

    /// The watches, in the order they were added.
    public var snapshots: [WatchSnapshot] { entries.withLock { $0.map(\.snapshot) } }

    /// Calls `handler` with `.watchesDidUpdate` whenever a watch delivers (from any thread).
    public func onUpdate(_ handler: @escaping @Sendable (Action) -> Void) {
        listeners.withLock { $0.append(handler) }
    }

    /// Blocks until every watch's first fetch has delivered (synchronous drivers and tests).
    public func waitUntilIdle() { client.waitUntilIdle() }

    /// Starts watching `document` (a query); returns the watch's name (`w1`, … unless given).
    @discardableResult
    public func add(name: String?, document: String) throws -> String {
        let operation = try client.store.executor.operation(document: document)
        let watchName = name ?? "w\(entries.withLock { $0.count } + 1)"
        let summary = document.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }
            .filter { !$0.hasPrefix("#") }.joined(separator: " ")
        let snapshot = WatchSnapshot(name: watchName, summary: summary, source: policy.rawValue, updateCount: 0,
                                     lastChangedKeys: [], resultLines: ["(waiting for the first result)"], dependentRecords: [])
        // The tracker must be in place before the first result can arrive (on another thread).
        let tracker = client.store.observe(fields: []) { [weak self] change in self?.touched(watchName, change) }
        var entry = Entry(snapshot: snapshot)
        entry.tracker = tracker
        entries.withLock { $0.append(entry) }
        let watcher = client.watch(query: operation, cachePolicy: policy) { [weak self] result in
            self?.delivered(watchName, result)
        }
        update(watchName) { $0.watcher = watcher }
        return watchName
    }

    private func delivered(_ name: String, _ result: Result<QueryResult, GraphQLClientError>) {
        update(name) { entry in
            entry.snapshot.updateCount += 1
            switch result {
            case .success(let value):
                entry.snapshot.source = value.source.rawValue
                entry.snapshot.resultLines = ResultLines.lines(value.data)
                    + value.errors.map { "✗ " + ($0["message"]?.stringValue ?? JSONValue.object($0).jsonText) }
                entry.snapshot.dependentRecords = Set(value.dependentKeys.map(\.record))
                entry.tracker?.update(fields: value.dependentKeys)
            case .failure(let error):
                entry.snapshot.resultLines = ["✗ \(error)"]
            }
        }
        notify()
    }

    /// A change touched what the watch read: remember which keys, for the pane.
    private func touched(_ name: String, _ change: CacheChange) {
        update(name) { entry in
            let keys = change.affectedFields.intersection(entry.tracker?.fields ?? []).map(\.description).sorted()
            entry.snapshot.lastChangedKeys = Array(keys.prefix(3)) + (keys.count > 3 ? ["…"] : [])
        }
        notify()
    }

    private func update(_ name: String, _ body: (inout Entry) -> Void) {
        entries.withLock { list in
            if let index = list.firstIndex(where: { $0.snapshot.name == name }) { body(&list[index]) }
        }
    }

    private func notify() {
        for listener in listeners.withLock({ $0 }) { listener(.watchesDidUpdate) }
    }
}
