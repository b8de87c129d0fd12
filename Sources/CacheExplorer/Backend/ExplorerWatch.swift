import GraphQLCache
import Synchronization

/// One watch of the explorer: the library's `QueryWatcher` and what the watches pane shows of
/// it (`WatchSnapshot`).
///
/// The watcher hears changes through the store's one notification path and re-reads as
/// background work (`WatcherOptions.runUpdates`, on the explorer's `WorkTracker`), never on the
/// thread that committed (the UI's, for the user's own edits): a burst of changes while it
/// reads makes one more read, and `cancelRead()` stops the work under way. Each delivery names
/// the change that woke it, shown as the watch's last change. On a miss, with a network, the
/// watcher refetches and writes the response through this watch (`writeResponse`), keeping the
/// records as they were, so that the explorer can say what the fetch wrote and undo it with the
/// action that caused it. Without a network it never sends anything.
final class ExplorerWatch: Sendable {
    private struct State: Sendable {
        var snapshot: WatchSnapshot
        /// Work started and not yet finished (reads, fetches).
        var active = 0
        /// Ids of that work, for cancelling it.
        var ids: Set<Int> = []
        /// The `sequence` of the update shown: reads finishing out of order never show older data.
        var shown: UInt64 = 0
    }

    let name: String
    let operation: GraphQLOperation
    private let client: GraphQLClient
    private let browsing: any BrowsableNormalizedCache
    private let usesNetwork: Bool
    private let work: WorkTracker
    private let state: Mutex<State>
    private let watcher = Mutex<QueryWatcher?>(nil)
    private let events: @Sendable (WatchWrite?) -> Void
    private let origins: OriginNames
    /// How it reads: the explorer's default (`returnCacheDataElseFetch` with a network, else
    /// `returnCacheDataDontFetch`) until `p` or `:policy` chooses another.
    let policy: CachePolicy

    /// A watch of `operation` (`browsing` is the store's cache, for diagnosing misses);
    /// `events` hears of every new snapshot (nil) and of every write its fetches made;
    /// `origins` names a change's writer (`edit`, `external`…). Call `start()` for the first
    /// read.
    init(name: String, document: String, variables: String, operation: GraphQLOperation, client: GraphQLClient,
         browsing: any BrowsableNormalizedCache, usesNetwork: Bool, work: WorkTracker,
         origins: OriginNames, policy chosen: CachePolicy? = nil, events: @escaping @Sendable (WatchWrite?) -> Void) {
        self.name = name
        self.policy = chosen ?? defaultPolicy(usesNetwork)
        self.operation = operation
        self.client = client
        self.browsing = browsing
        self.usesNetwork = usesNetwork
        self.work = work
        self.events = events
        self.origins = origins
        var snapshot = WatchSnapshot(name: name, summary: Self.oneLine(document), source: "cache", updateCount: 0,
                                     lastChangedKeys: [], resultLines: ["(waiting for the first result)"])
        snapshot.document = document
        snapshot.variables = variables
        snapshot.policy = self.policy.rawValue
        state = Mutex(State(snapshot: snapshot))
    }

    deinit { stop() }

    /// Starts the library watcher and makes the first read (or fetch).
    func start() {
        let options = WatcherOptions(
            readOptions: Self.readOptions,
            runUpdates: { [weak self] update in self?.startWork { await update() } },
            writeResponse: { [weak self] records, origin, trigger in try self?.write(records, origin: origin, trigger: trigger) },
            refetchesAfterMiss: { [origins] trigger in origins.refetchesAfterMiss(trigger.origin) })
        let watcher = QueryWatcher(client: client, query: operation, cachePolicy: policy,
                                   refetchOnFailedUpdates: usesNetwork && policy.mayUseNetwork, options: options) { [weak self] update in
            self?.deliver(update)
        }
        self.watcher.withLock { $0 = watcher }
        startWork { [weak self] in
            await watcher.fetch()
            // Once the first result is shown, the kept tree's nodes are listed by record in
            // work of their own (the watch is not "reading" meanwhile), so that the first edit
            // patches as fast as the next instead of listing 100,000 nodes first.
            self?.work.start { _ in watcher.prepareForChanges() }
        }
    }

    /// Stops listening and cancels what is under way.
    func stop() {
        watcher.withLock { $0 }?.cancel()
        _ = cancelRead()
    }

    var snapshot: WatchSnapshot { state.withLock { $0.snapshot } }

    /// Fetches again: from the network when the watch has one, else from the cache.
    func refetch() {
        guard let watcher = watcher.withLock({ $0 }) else { return }
        let policy: CachePolicy = usesNetwork ? .fetchIgnoringCacheData : .returnCacheDataDontFetch
        startWork { await watcher.fetch(cachePolicy: policy) }
    }

    /// Cancels the reads and fetches under way (the changes queued behind them too); true when
    /// there were some.
    func cancelRead() -> Bool {
        let ids = state.withLock { state -> Set<Int> in
            defer { state.ids = [] }
            return state.ids
        }
        return ids.map { work.cancel($0) }.contains(true)
    }

    /// Runs `body` as background work, the watch reading until all of it is done.
    private func startWork(_ body: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            state.active += 1
            state.snapshot.isReading = true
        }
        events(nil)
        let id = work.start { [weak self] _ in
            await body()
            self?.finishWork(cancelled: Task.isCancelled)
        }
        // The work may have finished already: then its id is stale, and cancelling it is a no-op.
        state.withLock { state in if state.active > 0 { state.ids.insert(id) } }
    }

    private func finishWork(cancelled: Bool) {
        state.withLock { state in
            state.active -= 1
            if cancelled { state.snapshot.readCancelled = true }
            if state.active == 0 {
                state.ids = []
                state.snapshot.isReading = false
            }
        }
        events(nil)
    }

    /// Writes the server's data under the watcher's origin, keeping what it replaced.
    private func write(_ records: RecordSet, origin: ChangeOrigin, trigger: WatchTrigger?) throws {
        // Named before the commit: the write log hears of it while the transaction returns.
        origins.name(origin, "\(name)'s fetch", inLog: "fetch \(name)")
        let write = try WatchWrite.merge(records, into: client.store, origin: origin, by: name, cause: trigger?.origin)
        if let write { events(write) }
    }

    /// A delivery of the watcher becomes the snapshot: data or miss, with the hit/miss report,
    /// and the change that woke it. A cancelled read shows nothing (`finishWork` notes it).
    private func deliver(_ update: QueryWatcherUpdate) {
        guard !Task.isCancelled else { return }
        var snapshot: WatchSnapshot
        switch update.result {
        case .success(let result):
            snapshot = present(result, read: update.read)
        case .failure(.cacheMiss(let miss)) where update.read != nil:
            snapshot = present(nil, read: update.read, missText: GraphQLCacheError.cacheMiss(miss).description)
        case .failure(let error):
            snapshot = state.withLock { $0.snapshot }
            snapshot.error = "\(error)"
            snapshot.resultLines = Self.failureLines(error)
        }
        if let trigger = update.trigger {
            let keys = (trigger.fields.map(\.description) + trigger.records.map(\.rawValue)).sorted()
            snapshot.lastChangedKeys = Self.changedKeyList(keys)
            snapshot.lastChangeOrigin = origins.describe(trigger.origin)
        }
        let fresh = snapshot
        let applied = state.withLock { state -> Bool in
            guard update.sequence >= state.shown else { return false }
            state.shown = update.sequence
            let count = state.snapshot.updateCount + 1
            let reading = state.snapshot.isReading
            state.snapshot = fresh
            state.snapshot.updateCount = count
            state.snapshot.isReading = reading
            return true
        }
        if applied { events(nil) }
    }

    /// The snapshot for a result (nil after a miss) and the read behind it; a server's answer
    /// is shown with a fresh read of the cache for the report.
    private func present(_ result: QueryResult?, read: ReadResult?, missText: String? = nil) -> WatchSnapshot {
        var snapshot = state.withLock { $0.snapshot }
        let cacheRead = read ?? (try? client.store.readResult(query: operation, options: Self.readOptions))
        var shown = cacheRead
        if let result, result.source == .server { shown?.data = result.data }
        let report = shown.flatMap { try? QueryExplainer(executor: client.store.executor).report(from: $0, cache: browsing) }
        let serverErrors = (result?.errors ?? []).map { $0["message"]?.stringValue ?? JSONValue.object($0).jsonText }
        let errors = serverErrors + (missText.map { [$0] } ?? [])
        snapshot.source = (result?.source ?? .cache).rawValue
        // An empty result beside its errors says nothing: the errors alone.
        let data = shown?.data ?? result?.data
        let lines = data?.isEmpty == true && !errors.isEmpty ? [] : ResultLines.lines(data)
        let pending = (shown?.pending ?? []).map { "… @defer \($0): pending" }
        snapshot.resultLines = lines + pending + errors.map { "✗ " + $0 }
        snapshot.dependencies = cacheRead?.dependencies ?? result?.dependencies ?? FieldDependencies()
        snapshot.error = errors.isEmpty ? nil : errors.joined(separator: "\n")
        snapshot.report = report
        snapshot.readCancelled = false
        return snapshot
    }

    /// A failed fetch as result lines. A non-2xx answer that carried GraphQL errors shows them
    /// one a line, as a 200 answer's errors are, not as one long string.
    static func failureLines(_ error: GraphQLCacheError) -> [String] {
        guard case .network(let network) = error, !network.graphQLErrors.isEmpty else { return ["✗ \(error)"] }
        return ["✗ HTTP \(network.httpStatus ?? 0) with GraphQL errors:"]
            + network.graphQLErrors.map { "✗ " + ($0["message"]?.stringValue ?? JSONValue.object($0).jsonText) }
    }

    /// Misses read as null, so that the result keeps its shape (the console's report needs it);
    /// only the first `shownElements` of each list of objects kept (what the pane and the report
    /// show), so that a watch over 100,000 items does not hold them all.
    static let readOptions = ReadOptions(missesAsNull: true, listElementLimit: shownElements)

    /// List elements a watch's data keeps: the pane's lines stop at 200 leaves (each element
    /// gives at least one), the report's tree at `QueryReport.elementLimit` elements.
    static let shownElements = max(ResultLines.lineLimit, QueryReport.elementLimit)

    /// A document on one line, comments dropped.
    /// The first three changed keys, then how many more there were.
    static func changedKeyList(_ keys: [String]) -> [String] {
        Array(keys.prefix(3)) + (keys.count > 3 ? ["… and \(keys.count - 3) more"] : [])
    }

    static func oneLine(_ document: String) -> String {
        document.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.filter { !$0.hasPrefix("#") }.joined(separator: " ")
    }
}

/// How a watch reads: from the cache, else the network when it has one.
private func defaultPolicy(_ usesNetwork: Bool) -> CachePolicy {
    usesNetwork ? .returnCacheDataElseFetch : .returnCacheDataDontFetch
}
