import GraphQLCache
import Synchronization

/// The explorer's watched queries over a store: each is read from the cache, observed on the
/// fields its read depended on, and re-read when a committed change touches one of them. Keeps
/// what the watches pane shows: the live result, the update count and the keys that changed it.
public final class WatchList: Sendable {
    private struct Entry: Sendable {
        var snapshot: WatchSnapshot
        let operation: GraphQLOperation
        var observation: CacheObservation?
    }

    private let store: CacheStore
    private let executor: GraphQLExecutor
    private let entries = Mutex<[Entry]>([])
    private let listeners = Mutex<[@Sendable (Action) -> Void]>([])

    public init(store: CacheStore, executor: GraphQLExecutor) {
        self.store = store
        self.executor = executor
    }

    deinit {
        for entry in entries.withLock({ $0 }) { entry.observation?.cancel() }
    }

    /// The watches, in the order they were added.
    public var snapshots: [WatchSnapshot] { entries.withLock { $0.map(\.snapshot) } }

    /// Calls `handler` with `.watchesDidUpdate` after any watch re-reads (from any thread).
    public func onUpdate(_ handler: @escaping @Sendable (Action) -> Void) {
        listeners.withLock { $0.append(handler) }
    }

    /// Starts watching `document` (a query); returns the watch's name (`w1`, … unless given).
    @discardableResult
    public func add(name: String?, document: String) throws -> String {
        let operation = try executor.operation(document: document)
        let result = try read(operation)
        let watchName = name ?? "w\(entries.withLock { $0.count } + 1)"
        let summary = document.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.joined(separator: " ")
        let snapshot = WatchSnapshot(name: watchName, summary: summary, source: "cache", updateCount: 1, lastChangedKeys: [],
                                     resultLines: Self.lines(result), dependentRecords: Set(result.dependentKeys.map(\.record)))
        entries.withLock { $0.append(Entry(snapshot: snapshot, operation: operation, observation: nil)) }
        let observation = store.observe(fields: result.dependentKeys, records: Self.missingRecords(result)) { [weak self] change in
            self?.changed(watchName, change)
        }
        entries.withLock { list in
            if let index = list.firstIndex(where: { $0.snapshot.name == watchName }) { list[index].observation = observation }
        }
        return watchName
    }

    private func read(_ operation: GraphQLOperation) throws -> ReadResult {
        try store.withinReadTransaction { transaction in
            try executor.read(operation, from: TransactionRecords(transaction: transaction))
        }
    }

    private func changed(_ name: String, _ change: CacheChange) {
        guard let entry = entries.withLock({ $0.first { $0.snapshot.name == name } }) else { return }
        let before = entry.observation?.fields ?? []
        let hit = change.affectedFields.intersection(before).map(\.description).sorted()
        let result: ReadResult
        do { result = try read(entry.operation) } catch { return }
        entry.observation?.update(fields: result.dependentKeys, records: Self.missingRecords(result))
        entries.withLock { list in
            guard let index = list.firstIndex(where: { $0.snapshot.name == name }) else { return }
            list[index].snapshot.updateCount += 1
            list[index].snapshot.lastChangedKeys = Array(hit.prefix(3)) + (hit.count > 3 ? ["…"] : [])
            list[index].snapshot.resultLines = Self.lines(result)
            list[index].snapshot.dependentRecords = Set(result.dependentKeys.map(\.record))
        }
        for listener in listeners.withLock({ $0 }) { listener(.watchesDidUpdate) }
    }

    /// The result lines, misses listed after the data.
    private static func lines(_ result: ReadResult) -> [String] {
        ResultLines.lines(result.data) + result.misses.map { "✗ \($0)" }
    }

    /// Records a read found absent: their creation must wake the watch too.
    private static func missingRecords(_ result: ReadResult) -> Set<CacheKey> {
        Set(result.misses.compactMap { miss in
            switch miss.reason {
            case .missingRecord: return miss.recordKey
            case .danglingReference: return miss.reference
            default: return nil
            }
        })
    }
}

/// Reads records inside a read transaction, so a read sees one committed state.
struct TransactionRecords: RecordSource {
    let transaction: ReadTransaction

    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        try transaction.loadRecords(forKeys: keys)
    }
}
