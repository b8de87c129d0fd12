import GraphQLCache
import Synchronization

/// The explorer's watched queries (`ExplorerWatch`es: the library's `QueryWatcher` over one client), in the order they were
/// added: add, edit, refetch and remove them and read their snapshots; listeners hear of new
/// results and of what fetches wrote. Every read runs as background work; `waitUntilIdle()`
/// waits for it.
package final class WatchList: Sendable {
    private let client: GraphQLClient
    private let browsing: any BrowsableNormalizedCache
    private let usesNetwork: Bool
    private let work = WorkTracker()
    private let origins: OriginNames
    private let watches = Mutex<[ExplorerWatch]>([])
    private let listeners = Mutex<[@Sendable (Action) -> Void]>([])

    /// Watches through `client` (`browsing` is its store's cache, for diagnosing misses); with
    /// `usesNetwork` a watch whose cache read misses fetches through the client's transport,
    /// without it nothing is ever sent.
    package convenience init(client: GraphQLClient, browsing: any BrowsableNormalizedCache, usesNetwork: Bool) {
        self.init(client: client, browsing: browsing, usesNetwork: usesNetwork, origins: OriginNames())
    }

    /// As above; `origins` names the writers whose changes wake the watches.
    init(client: GraphQLClient, browsing: any BrowsableNormalizedCache, usesNetwork: Bool, origins: OriginNames) {
        self.origins = origins
        self.client = client
        self.browsing = browsing
        self.usesNetwork = usesNetwork
    }

    deinit {
        for watch in watches.withLock({ $0 }) { watch.stop() }
    }

    /// The watches, in the order they were added.
    package var snapshots: [WatchSnapshot] { watches.withLock { $0 }.map(\.snapshot) }

    /// Calls `handler` (from any thread) with `.watchesDidUpdate` whenever a watch starts or
    /// finishes reading, and with `.watchWrote` when its fetch wrote into the cache.
    package func onUpdate(_ handler: @escaping @Sendable (Action) -> Void) {
        listeners.withLock { $0.append(handler) }
    }

    /// Blocks until no watch is reading or fetching (synchronous drivers and tests).
    package func waitUntilIdle() { work.waitUntilIdle() }

    /// Whether any watch is reading or fetching.
    package var isReading: Bool { snapshots.contains(where: \.isReading) }

    /// Starts watching `document` (a query) with `variables` (a JSON object, or empty); returns
    /// the watch's name: `name`, else the operation's name, else `w1`, `w2`…, made unique.
    @discardableResult
    package func add(name: String?, document: String, variables: String = "") throws -> String {
        let operation = try makeOperation(document, variables)
        let watchName = uniqueName(name ?? operation.name)
        let watch = makeWatch(watchName, document, variables, operation)
        watches.withLock { $0.append(watch) }
        watch.start()
        return watchName
    }

    /// Replaces the document and variables of the watch `name` (it reads afresh, keeping its
    /// place and name). Throws, changing nothing, when the document or variables are invalid.
    package func replace(_ name: String, document: String, variables: String) throws {
        let operation = try makeOperation(document, variables)
        let kept = watches.withLock { $0.first { $0.name == name }?.policy }
        let watch = makeWatch(name, document, variables, operation, policy: kept)
        let old = watches.withLock { list -> ExplorerWatch? in
            guard let index = list.firstIndex(where: { $0.name == name }) else { return nil }
            defer { list[index] = watch }
            return list[index]
        }
        guard let old else { throw ExplorerError.invalid("no watch named \(name)") }
        old.stop()
        watch.start()
    }

    /// Makes the watch `name` read under `policy` (it reads afresh, keeping its place, name,
    /// document and variables). A policy that may fetch needs the network.
    package func setPolicy(_ name: String, _ policy: CachePolicy) throws {
        guard usesNetwork || !policy.mayUseNetwork else {
            throw ExplorerError.invalid("offline: \(name) cannot read under \(policy.rawValue), which may fetch; "
                + "there is no network (explore --endpoint URL gives one)")
        }
        guard let old = watches.withLock({ $0.first { $0.name == name } }) else { throw ExplorerError.invalid("no watch named \(name)") }
        let snapshot = old.snapshot
        let watch = makeWatch(name, snapshot.document, snapshot.variables, old.operation, policy: policy)
        watches.withLock { list in
            if let index = list.firstIndex(where: { $0 === old }) { list[index] = watch }
        }
        old.stop()
        watch.start()
    }

    /// Stops and forgets the watch `name`.
    package func remove(_ name: String) throws {
        let removed = watches.withLock { list -> ExplorerWatch? in
            guard let index = list.firstIndex(where: { $0.name == name }) else { return nil }
            return list.remove(at: index)
        }
        guard let removed else { throw ExplorerError.invalid("no watch named \(name)") }
        removed.stop()
        notify(.watchesDidUpdate)
    }

    /// Fetches the watch `name` again (network when there is one, else the cache).
    package func refetch(_ name: String) throws {
        guard let watch = watches.withLock({ $0.first { $0.name == name } }) else {
            throw ExplorerError.invalid("no watch named \(name)")
        }
        watch.refetch()
    }

    /// Cancels every read under way; returns the names of the watches that were reading.
    package func cancelReads() -> [String] {
        watches.withLock { $0 }.filter { $0.cancelRead() }.map(\.name)
    }

    private func makeOperation(_ document: String, _ variables: String) throws -> GraphQLOperation {
        let object = try VariablesText.parse(variables)
        let operation = try client.store.executor.operation(document: document, variables: object)
        guard operation.operationType == .query else {
            throw ExplorerError.invalid("only a query can be watched (this is a \(operation.operationType))")
        }
        return operation
    }

    private func makeWatch(_ name: String, _ document: String, _ variables: String, _ operation: GraphQLOperation,
                           policy: CachePolicy? = nil) -> ExplorerWatch {
        ExplorerWatch(name: name, document: document, variables: variables, operation: operation, client: client,
                      browsing: browsing, usesNetwork: usesNetwork, work: work,
                      origins: origins, policy: policy) { [weak self] write in
            self?.notify(write.map(Action.watchWrote) ?? .watchesDidUpdate)
        }
    }

    /// `base` if no watch has it, else `base-2`, `base-3`…; `w<n>` when there is no base.
    private func uniqueName(_ base: String?) -> String {
        let taken = Set(watches.withLock { $0.map(\.name) })
        guard let base, !base.isEmpty else {
            return (1...).lazy.map { "w\($0)" }.first { !taken.contains($0) }!
        }
        if !taken.contains(base) { return base }
        return (2...).lazy.map { "\(base)-\($0)" }.first { !taken.contains($0) }!
    }

    private func notify(_ action: Action) {
        for listener in listeners.withLock({ $0 }) { listener(action) }
    }
}
