import Synchronization

/// A live query: delivers its first results, then a new result whenever a committed change
/// touches what its last read depended on (found through the store's change index, so the
/// cost follows the changed keys, not the number of watchers).
///
/// On such a change it re-reads the cache: complete data is delivered with source `cache`; a
/// miss makes it refetch from the network when its policy may use the network and
/// `refetchOnFailedUpdates` is on, and otherwise delivers the miss as an error (so a watcher
/// hears when the records it showed are removed). Changes written by its own fetches are
/// ignored. `cancel()` stops it.
///
/// Each delivery can name the change that woke it (`QueryWatcherUpdate.trigger`). By default
/// the re-read runs on the committing thread, as Apollo's does; `WatcherOptions.runUpdates`
/// moves it to background work, one update at a time, a burst of changes making one more.
public final class QueryWatcher: Sendable {
    /// The watched query.
    public let query: GraphQLOperation
    /// The policy of the first fetch (and whether refetches may use the network).
    public let cachePolicy: CachePolicy
    /// Whether a re-read that misses refetches from the network.
    public let refetchOnFailedUpdates: Bool
    /// How it reads, where it re-reads, how it writes.
    public let options: WatcherOptions

    let client: GraphQLClient
    /// Marks this watcher's own writes, which it ignores.
    let origin: ChangeOrigin
    private let updateHandler: @Sendable (QueryWatcherUpdate) -> Void
    private let observation = Mutex<CacheObservation?>(nil)
    private let cancelled = Atomic<Bool>(false)
    private let refetching = Atomic<Bool>(false)
    /// The data last delivered (when small enough to keep: `kept`) and when it was seen
    /// (`QueryWatcherUpdate.sequence`).
    private let last = Mutex<(data: JSONObject?, sequence: UInt64)>((nil, 0))
    private let clock = Atomic<UInt64>(0)
    private let updates = Mutex(UpdateQueue())
    /// The last read kept as a tree and patched after each change (`WatchTree`): a fetch's
    /// read of the cache builds it; nil after a fetch that asked the server (whose own writes
    /// the watcher does not hear) until a re-read builds it again.
    /// Reads with a `listElementLimit` are kept too, the elements left out read inline by
    /// their list's node.
    private let tree = Mutex<WatchTree?>(nil)

    /// Background updates (`runUpdates`): whether one runs, and the changes waiting for it.
    private struct UpdateQueue {
        var running = false
        var pending: [HeardChange] = []
    }

    /// A change as the watcher heard it, with what it depended on then. What the change
    /// touched of that (`WatchTrigger`) is worked out by the background update, not on the
    /// committing thread: for a restore of 100,000 records it means hashing 500,000 field
    /// keys, a fifth of the commit's own time.
    private struct HeardChange {
        let change: CacheChange
        let fields: FieldDependencies
        let records: Set<CacheKey>

        var trigger: WatchTrigger { WatchTrigger(change: change, fields: fields, records: records) }

        /// The triggers of `changes` (heard in order) as one: the last writer, every key.
        static func trigger(of changes: [HeardChange]) -> WatchTrigger? {
            changes.reduce(nil) { merged, heard in merged.map { $0.merged(with: heard.trigger) } ?? heard.trigger }
        }
    }

    /// A watcher that has fetched nothing yet: call `fetch()` for its first results (as
    /// Apollo's `GraphQLQueryWatcher`), or use `GraphQLClient.watch`, which does.
    public convenience init(client: GraphQLClient, query: GraphQLOperation, cachePolicy: CachePolicy = .returnCacheDataElseFetch,
                            refetchOnFailedUpdates: Bool = true, resultHandler: @escaping GraphQLClient.ResultHandler) {
        self.init(client: client, query: query, cachePolicy: cachePolicy, refetchOnFailedUpdates: refetchOnFailedUpdates,
                  options: WatcherOptions()) { update in resultHandler(update.result) }
    }

    /// A watcher delivering whole updates (result, the read behind it, the change that woke
    /// it), reading and writing as `options` say. Call `fetch()` for its first results.
    public init(client: GraphQLClient, query: GraphQLOperation, cachePolicy: CachePolicy = .returnCacheDataElseFetch,
                refetchOnFailedUpdates: Bool = true, options: WatcherOptions,
                updateHandler: @escaping @Sendable (QueryWatcherUpdate) -> Void) {
        self.client = client
        self.query = query
        self.cachePolicy = cachePolicy
        self.refetchOnFailedUpdates = refetchOnFailedUpdates
        self.options = options
        self.updateHandler = updateHandler
        self.origin = client.store.makeOrigin()
        let observation = client.store.observe(fields: []) { [weak self] change in self?.storeDidChange(change) }
        self.observation.withLock { $0 = observation }
    }

    /// A watcher nobody holds any more stops watching, as a dropped `CacheSubscription` does
    /// (Apollo iOS 2.x differs: its uncancelled watcher lives on). Keep a reference for as long
    /// as you want results; its first fetch still delivers.
    deinit {
        observation.withLock { $0 }?.cancel()
    }

    /// Fetches with `cachePolicy` (the watcher's own by default) and returns what it produced;
    /// with `deliver`, the results also go to the result handler. The watcher then depends on
    /// what the last result read (or, after a miss, on what the failed read needed).
    @discardableResult
    public func fetch(cachePolicy: CachePolicy? = nil, deliver: Bool = true) async -> FetchOutcome {
        var handler: FetchRun.Handler?
        if deliver {
            let started = tick()
            handler = { [weak self] result, read in
                guard let self else { return }
                let seen = (try? result.get().source) == .server ? tick() : started
                self.deliver(QueryWatcherUpdate(result: result, read: read, sequence: seen))
            }
        }
        return await perform(cachePolicy ?? self.cachePolicy, trigger: nil, handler: handler)
    }

    /// Runs one fetch with `policy`; the watcher then depends on what the last result read (or,
    /// after a miss, on what the failed read needed) and remembers the data it last saw.
    @discardableResult
    private func perform(_ policy: CachePolicy, trigger: WatchTrigger?, handler: FetchRun.Handler?) async -> FetchOutcome {
        let log = ChangeLog(store: client.store, ignoring: origin)
        defer { replay(log.finish()) }
        var run = FetchRun(client: client, query: query, origin: origin, handler: handler,
                           readOptions: options.readOptions, writer: writer(for: trigger))
        let store = client.store
        run.treeRead = { query, options in
            try store.withinReadTransaction { try WatchTree.read(query, executor: store.executor, options: options, source: $0) }
        }
        await run.run(policy)
        tree.withLock { $0 = run.lastTree }
        if let last = run.outcome.results.last {
            depend(on: last.dependencies, records: [])
            self.last.withLock { $0.data = Self.kept(last.data, options.readOptions) }
        } else if let read = run.lastRead {
            depend(on: read.dependencies, records: read.missingRecords)
        }
        return run.outcome
    }

    /// The `writeResponse` option bound to this watcher's origin and `trigger`, if given.
    private func writer(for trigger: WatchTrigger?) -> FetchRun.Writer? {
        guard let write = options.writeResponse else { return nil }
        let origin = origin
        return { records in try write(records, origin, trigger) }
    }

    /// Fetches again from the server (`fetchIgnoringCacheData`), delivering the result.
    public func refetch() async {
        await fetch(cachePolicy: .fetchIgnoringCacheData)
    }

    /// Stops the watcher: no delivery starts after this returns.
    public func cancel() {
        cancelled.store(true, ordering: .sequentiallyConsistent)
        observation.withLock { $0 }?.cancel()
    }

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .sequentiallyConsistent) }

    /// The field keys the watcher currently depends on, as a set built on each call.
    public var dependentKeys: Set<FieldKey> { dependencies.fieldKeys }

    /// The field keys the watcher currently depends on, grouped by record.
    public var dependencies: FieldDependencies { observation.withLock { $0 }?.dependencies ?? FieldDependencies() }

    private func depend(on dependencies: FieldDependencies, records: Set<CacheKey>) {
        guard !isCancelled else { return }
        observation.withLock { $0 }?.update(dependencies: dependencies, records: records)
    }

    /// The next reading of the watcher's clock.
    private func tick() -> UInt64 { clock.add(1, ordering: .relaxed).newValue }

    /// Hands `update` to the handler unless one seen later was delivered already.
    private func deliver(_ update: QueryWatcherUpdate) {
        guard !isCancelled else { return }
        // After a failure, the same data coming back (an undo) is news again.
        let data: JSONObject? = if case .success(let value) = update.result { Self.kept(value.data, options.readOptions) } else { nil }
        let isLatest = last.withLock { last -> Bool in
            guard update.sequence >= last.sequence else { return false }
            last = (data, update.sequence)
            return true
        }
        if isLatest { updateHandler(update) }
    }

    /// Results of at most this many values are kept after their delivery, to tell a repeat.
    static let keptValueLimit = 10_000

    /// `data` when it holds at most `keptValueLimit` values, else nil. A large result (a list of
    /// 100,000 items is 90 MB of `JSONObject`) is not kept once delivered: the watcher would
    /// otherwise hold it until the next one arrived, two of them at once while that is read.
    /// Nor is data read with a `listElementLimit` (two reads differing only in what they left
    /// out would look the same). Without it the next delivery is always news (a repeat is said
    /// twice).
    static func kept(_ data: JSONObject?, _ options: ReadOptions = ReadOptions()) -> JSONObject? {
        guard let data, options.listElementLimit == nil else { return nil }
        var budget = keptValueLimit
        return fits(.object(data), in: &budget) ? data : nil
    }

    /// Whether `value` holds at most `budget` values; stops as soon as it does not.
    private static func fits(_ value: JSONValue, in budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0 else { return false }
        switch value {
        case .object(let object): return object.allSatisfy { fits($0.value, in: &budget) }
        case .array(let items): return items.allSatisfy { fits($0, in: &budget) }
        default: return true
        }
    }

    /// Delivers an update unless it holds the data delivered last: two writes of the same
    /// answer (watchers refetching one query together) wake the watcher twice, and it should
    /// say so once (when that data was small enough to keep: `kept`).
    private func deliverIfNew(_ update: QueryWatcherUpdate) {
        if case .success(let value) = update.result, last.withLock({ $0.data }) == value.data, value.data != nil { return }
        deliver(update)
    }

    /// A committed change touched the dependencies: re-read now, or queue the re-read as
    /// background work (`runUpdates`).
    private func storeDidChange(_ change: CacheChange) {
        // A refetch under way delivers the server's answer; a change before it lands (another
        // watcher's write of the same answer) would only deliver the same data twice.
        guard !isCancelled, change.origin != origin, !refetching.load(ordering: .sequentiallyConsistent) else { return }
        let watched = observation.withLock { $0 }
        let heard = HeardChange(change: change, fields: watched?.dependencies ?? FieldDependencies(), records: watched?.records ?? [])
        guard let run = options.runUpdates else {
            return reread(after: heard.trigger, refetch: startRefetch)
        }
        let startsNow = updates.withLock { queue -> Bool in
            if queue.running {
                queue.pending.append(heard)
                return false
            }
            queue.running = true
            return true
        }
        if startsNow { run { [weak self] in await self?.runUpdates(from: heard) } }
    }

    /// Changes committed during a read that touch what the watcher now depends on: the read
    /// saw a snapshot from before them, so each wakes the watcher as if it came now.
    private func replay(_ missed: [CacheChange]) {
        guard !missed.isEmpty, let observation = observation.withLock({ $0 }) else { return }
        let (fields, records) = (observation.dependencies, observation.records)
        for change in missed where !WatchTrigger(change: change, fields: fields, records: records).isEmpty {
            storeDidChange(change)
        }
    }

    /// Background updates: re-reads (and refetches) until no change waits. A cancelled task
    /// drops what waits; the next change starts again.
    private func runUpdates(from first: HeardChange) async {
        var next: WatchTrigger? = first.trigger
        while let trigger = next {
            var refetchTrigger: WatchTrigger?
            reread(after: trigger) { refetchTrigger = $0 }
            if let refetchTrigger, !Task.isCancelled { await refetchAfterFailedUpdate(refetchTrigger) }
            let waiting = updates.withLock { queue -> [HeardChange] in
                defer { queue.pending = [] }
                let waiting = Task.isCancelled || isCancelled ? [] : queue.pending
                if waiting.isEmpty { queue.running = false }
                return waiting
            }
            next = HeardChange.trigger(of: waiting)
        }
    }

    /// Re-reads after `trigger`: delivers the data, asks `refetch` for a refetch, or reports
    /// the miss. A cancelled read (background work cancelled) delivers nothing.
    private func reread(after trigger: WatchTrigger, refetch: (WatchTrigger) -> Void) {
        let started = tick()
        let log = ChangeLog(store: client.store, ignoring: origin)
        defer { replay(log.finish()) }
        let read: ReadResult
        do { read = try readForUpdate(after: trigger) } catch where error is CancellationError || Task.isCancelled {
            // Stopped at the reader's next check, or inside SQLite (its statement interrupted).
            return
        } catch {
            return deliver(QueryWatcherUpdate(result: .failure(.storage("\(error)")), trigger: trigger, sequence: started))
        }
        depend(on: read.dependencies, records: read.missingRecords)
        if read.isComplete {
            var result = QueryResult(data: read.data ?? JSONObject(), source: .cache, dependencies: read.dependencies)
            result.pending = read.pending
            let update = QueryWatcherUpdate(result: .success(result), read: read, trigger: trigger, sequence: started)
            // Every local commit is delivered; another fetch's write of what this watcher
            // already shows (watchers refetching one query together) is not.
            trigger.origin == nil ? deliver(update) : deliverIfNew(update)
        } else if refetchOnFailedUpdates && cachePolicy.mayUseNetwork && options.refetchesAfterMiss?(trigger) ?? true {
            refetch(trigger)
        } else if options.readOptions.returnPartialData {
            deliver(QueryWatcherUpdate(result: .success(QueryResult(partialRead: read)), read: read, trigger: trigger, sequence: started))
        } else if let miss = read.misses.first {
            deliver(QueryWatcherUpdate(result: .failure(.cacheMiss(miss)), read: read, trigger: trigger, sequence: started))
        }
    }

    /// Lists the kept tree's nodes by record now, which the first change would otherwise do
    /// (`WatchTree.indexIfNeeded`): a caller with a thread to spare after the first result (the
    /// explorer's background work) calls it so that the first edit patches as fast as the next.
    package func prepareForChanges() {
        tree.withLock { $0?.indexIfNeeded() }
    }

    /// The read after `trigger`: the kept tree patched where the change touched it, or, when
    /// there is no tree or a patch cannot decide, the whole query read again (as a new tree).
    private func readForUpdate(after trigger: WatchTrigger) throws -> ReadResult {
        let store = client.store
        let (query, readOptions) = (query, options.readOptions)
        return try store.withinReadTransaction { transaction in
            try tree.withLock { tree throws -> ReadResult in
                do {
                    if let kept = tree, let patched = try kept.patch(fields: trigger.fields, removed: trigger.removedReads,
                                                                     records: trigger.records, source: transaction) {
                        return patched
                    }
                    let (read, fresh) = try WatchTree.read(query, executor: store.executor, options: readOptions, source: transaction)
                    tree = fresh
                    return read
                } catch {
                    tree = nil   // a patch stopped half way is no longer the read
                    throw error
                }
            }
        }
    }

    /// Refetches in the background after a failed re-read, once at a time.
    private func startRefetch(_ trigger: WatchTrigger) {
        guard refetching.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else {
            return
        }
        client.startTracked { [weak self] in
            await self?.refetchAfterFailedUpdate(trigger)
            self?.refetching.store(false, ordering: .sequentiallyConsistent)
        }
    }

    /// The refetch after a re-read missed. It looks at the cache once more first: when other
    /// watchers of the same query refetch together, the first answer written fills the cache
    /// and the others need no request of their own.
    private func refetchAfterFailedUpdate(_ trigger: WatchTrigger) async {
        let started = tick()
        let handler: FetchRun.Handler = { [weak self] result, read in
            guard let self else { return }
            let seen = (try? result.get().source) == .server ? tick() : started
            self.deliverIfNew(QueryWatcherUpdate(result: result, read: read, trigger: trigger, sequence: seen))
        }
        await perform(.returnCacheDataElseFetch, trigger: trigger, handler: handler)
    }
}
