import CacheDiagnostics
import CacheKeyIndex
import Dispatch
import GraphQLCache
import Synchronization

/// The explorer's backend over a `CacheStore`: browsing pages the cache directly (cheap, no
/// transaction per row), while every edit, delete and undo is a store transaction, so that
/// subscribers and query watchers react to what the user does.
package final class StoreBackend: ExplorerBackend {
    /// The store written through.
    package let store: CacheStore
    /// The store's cache, seen as a cache that can be browsed: pages and counts come from it
    /// directly.
    package let browsing: any BrowsableNormalizedCache
    /// Fetches and watches (its transport is the explorer's network).
    package let client: GraphQLClient
    package let sourceName: String
    package let isReadOnly: Bool
    /// False over an in-memory cache (the sample, a snapshot): nothing is written to a file.
    package var keepsChanges: Bool { !(store.cache is InMemoryNormalizedCache) }
    /// The watched queries shown in the watches pane.
    package let watchList: WatchList
    package let watchesUseNetwork: Bool
    private let waitsForWatches: Bool
    private let subscriptions = Mutex<[CacheSubscription]>([])
    /// The broken rows as last scanned, and how many writes edited them since: a scan that
    /// began before a delete (the one started when the file opens) does not put back the
    /// broken rows the delete removed, nor does one that read an undo's rows before its
    /// transaction ended keep them if it was cancelled. Such a scan is made again.
    private let lastBrokenRows = Mutex((summary: BrokenRowSummary(), edits: 0))
    /// Whether a listener for the background read of the keys is registered (`keysBeingRead`).
    private let hearsKeyRead = Mutex(false)
    /// Who `onChange` tells (counts and explains finished in the background go to them).
    private let listeners = Mutex<[@Sendable (Action) -> Void]>([])
    let work = WorkTracker()
    private let lastOrigin = Mutex<ChangeOrigin?>(nil)
    /// What each writer is called, for the watches' "changed by".
    private let origins = OriginNames()
    /// `:find` searches under way.
    let finds = FindRegistry()
    /// The snapshot file the data was loaded from, watched for other programs' rewrites.
    let externalSource: (any ExternalRecordSource)?
    /// A new version of `externalSource`, read and waiting for `applyExternalVersion`.
    let pendingVersion = Mutex<RecordSet?>(nil)
    /// Why the last change-poll failed (a lock held elsewhere, the file replaced), so that it
    /// is said once, not at every tick.
    let lastPollProblem = Mutex<String?>(nil)
    /// Every change this backend sees, with values before and after.
    package let writeLog: WriteLog?
    /// Whether a change-poll runs in the background (`pollExternalChangesInBackground`).
    let polling = Mutex(false)
    /// Where background change-polls run, one at a time, below the screen's thread.
    let pollQueue = LowPriorityThread(name: "CacheExplorer.poll")
    /// The dates a file keeps per record (Apollo Kotlin 1.0's), shown in the record pane.
    let recordDates: [CacheKey: RecordDates]
    /// Who holds the file's lock while the explorer waits for it (nil without a file).
    let lockHolders: LockHolderWatch?

    /// - Parameters:
    ///   - browsing: the cache of `client`'s store (pages, counts and scans read it directly).
    ///   - usesNetwork: whether a watch whose cache read misses fetches through the client's
    ///     transport; without it nothing is ever sent.
    ///   - waitsForWatches: whether adding a watch waits for its first result (synchronous
    ///     drivers and tests; the terminal explorer does not wait).
    ///   - externalSource: where data held in memory was loaded from (a snapshot file), polled
    ///     for other programs' rewrites.
    ///   - logRows: how the write log reads rows (the stored JSON of a SQLite file, so its
    ///     digests match `cachelens record`'s); by default the records, encoded.
    ///
    /// Records read from a shared file (SQLite) are remembered from the start, so that another
    /// process's commit can be told apart field by field (`pollExternalChanges`).
    package init(client: GraphQLClient, browsing: any BrowsableNormalizedCache, sourceName: String, readOnly: Bool = false,
                usesNetwork: Bool = false, waitsForWatches: Bool = true, externalSource: (any ExternalRecordSource)? = nil,
                logRows: WriteLog.Rows? = nil, recordDates: [CacheKey: RecordDates] = [:]) {
        self.client = client
        self.recordDates = recordDates
        self.externalSource = externalSource
        self.store = client.store
        self.browsing = browsing
        self.sourceName = sourceName
        self.isReadOnly = readOnly
        try? store.startTrackingExternalChanges()
        self.waitsForWatches = waitsForWatches
        watchesUseNetwork = usesNetwork
        watchList = WatchList(client: client, browsing: browsing, usesNetwork: usesNetwork, origins: origins)
        let (log, subscription) = Self.makeWriteLog(store: store, browsing: browsing, rows: logRows, origins: origins)
        writeLog = log
        subscriptions.withLock { $0.append(subscription) }
        lockHolders = ((client.store.cache as? LockWaitReporting)?.lockedFilePath).map { LockHolderWatch(LockHolderLookup(databasePath: $0)) }
    }

    /// The one way to wrap a cache for the explorer (`cachelens explore`, the sample, `:open`,
    /// the benchmarks, tests): a store over `cache` with `configuration`, and a client whose
    /// network is `transport`. Without one the client gets a transport with no answers and
    /// watches are told never to use it: nothing is sent.
    package convenience init(cache: any BrowsableNormalizedCache, sourceName: String, readOnly: Bool = false,
                            configuration: CacheConfiguration = CacheConfiguration(), transport: (any NetworkTransport)? = nil,
                            waitsForWatches: Bool = true, externalSource: (any ExternalRecordSource)? = nil,
                            logRows: WriteLog.Rows? = nil, recordDates: [CacheKey: RecordDates] = [:]) {
        let store = CacheStore(cache: cache, configuration: configuration)
        self.init(client: GraphQLClient(store: store, transport: transport ?? ScriptedTransport()), browsing: cache,
                  sourceName: sourceName, readOnly: readOnly, usesNetwork: transport != nil, waitsForWatches: waitsForWatches,
                  externalSource: externalSource, logRows: logRows, recordDates: recordDates)
    }

    deinit {
        pollQueue.stop()
        for subscription in subscriptions.withLock({ $0 }) { subscription.cancel() }
    }

    package func keyCount(matching filter: String?) throws -> Int {
        try browsing.keyCount(matching: filter)
    }

    package func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        try browsing.keys(matching: filter, offset: offset, limit: limit)
    }

    package func keysFound(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        try browsing.keysFound(matching: filter, offset: offset, limit: limit)
    }

    package func keyCount(matching filter: String, atLeast minimum: Int) throws -> KeyCount {
        try browsing.keyCount(matching: filter, atLeast: minimum)
    }

    package func keysBeingRead() -> KeyReadProgress? {
        // One listener per read: the list asks again at each reload while the read runs.
        let listens = hearsKeyRead.withLock { hears in defer { hears = true }; return !hears }
        let progress = browsing.readKeysInBackground { [weak self] progress in
            guard listens, let self else { return }
            if progress.isDone { self.hearsKeyRead.withLock { $0 = false } }
            self.post(.keysRead(progress))
        }
        if progress == nil, listens { hearsKeyRead.withLock { $0 = false } }
        return progress
    }

    package func countKeys(matching filter: String) {
        browsing.countKeysInBackground(matching: filter) { [weak self] count in
            self?.post(.keysCounted(filter: filter, count: count))
        }
    }

    package func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        try store.cache.loadRecords(forKeys: keys)
    }

    package func loadStoredRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: StoredRecord] {
        guard let rows = store.cache as? BrokenRowReporting else { return try loadRecords(forKeys: keys).mapValues(StoredRecord.record) }
        return try rows.loadStoredRecords(forKeys: keys)
    }

    package var brokenRows: BrokenRowSummary { lastBrokenRows.withLock { $0.summary } }

    package func scanBrokenRows(waiting: Bool) {
        guard let rows = store.cache as? BrokenRowReporting else { return }
        // The scan never waits for another process's lock: run off any task, it could not be
        // cancelled, and it would hold the file's connection meanwhile. Refused, it is made
        // again after the next external change.
        let edits = lastBrokenRows.withLock { $0.edits }
        let scan: @Sendable () -> Void = { [weak self] in
            guard let summary = try? LockWaiting.$forbidden.withValue(true, operation: { try rows.brokenRowSummary() }),
                  let self else { return }
            let outcome: ScanOutcome = self.lastBrokenRows.withLock { last in
                guard last.edits == edits else { return .overtaken }
                guard last.summary != summary else { return .unchanged }
                last.summary = summary
                return .changed
            }
            switch outcome {
            case .overtaken: self.scanBrokenRows(waiting: false)
            case .changed where !waiting: for listener in self.listeners.withLock({ $0 }) { listener(.brokenRowsScanned) }
            case .changed, .unchanged: break
            }
        }
        if waiting { scan() } else { DispatchQueue.global(qos: .utility).async(execute: scan) }
    }

    /// What became of a broken-row scan's result: a write that edited the rows while it ran
    /// overtook it (it is made again), or it was kept, changed or not.
    private enum ScanOutcome { case overtaken, unchanged, changed }

    /// A write that may have changed which rows are broken ended (committed or not): a scan
    /// running meanwhile may have seen its rows before it ended, so its result is not kept.
    func brokenRowsEdited() {
        lastBrokenRows.withLock { $0.edits += 1 }
    }

    package func forEachRecord(_ body: (Record) throws -> Void) throws {
        try browsing.forEachRecord { result in
            if case .record(let record) = result { try body(record) }
        }
    }

    /// From one scan of the stored references (SQLite reads them from each row's bytes), as
    /// the library's garbage collection finds them; unreadable rows are left out.
    package func unreachableKeys() throws -> [CacheKey] {
        SortedKeyIndex.sorted(Array(try browsing.unreachableRecordKeys()))
    }

    /// A SQLite file's rows read in key order on a connection of their own, a page at a time
    /// (ten million records held at once to sort them did not fit in memory); other data's
    /// records held and sorted.
    package func rowsInKeyOrder() throws -> any KeyOrderedRows {
        if let reading = browsing as? any KeyOrderedReading { return try reading.keyOrderedRows() }
        return try heldRowsInKeyOrder()
    }

    package func forEachRecord(pointingAt key: CacheKey, _ body: (Record) throws -> Void) throws {
        try browsing.forEachRecord(pointingAt: key) { result in
            if case .record(let record) = result { try body(record) }
        }
    }

    package func forEachRecord(pointingInto pattern: KeyPattern, _ body: (Record) throws -> Void) throws {
        try browsing.forEachRecord(pointingInto: pattern) { result in
            if case .record(let record) = result { try body(record) }
        }
    }

    package func write(_ records: [Record]) throws -> FieldChanges {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        return try store.merge(records: RecordSet(records: records), origin: newOrigin("edit"))
    }

    package func remove(keys: [CacheKey]) throws -> [Record] {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        // Broken rows go too (they cannot be loaded as records, so undo cannot bring them back).
        let broken = Set(try loadStoredRecords(forKeys: Set(keys)).compactMap { $0.value.record == nil ? $0.key : nil })
        let removed = try store.withinReadWriteTransaction(origin: newOrigin("delete")) { transaction in
            let records = try transaction.loadRecords(forKeys: Set(keys).subtracting(broken))
            for key in keys where records[key] != nil || broken.contains(key) { try transaction.removeRecord(for: key) }
            return keys.compactMap { records[$0] }
        }
        if !broken.isEmpty { forgetBrokenRows(broken) }
        return removed
    }

    /// Broken rows just deleted are no longer listed as broken.
    func forgetBrokenRows(_ broken: Set<CacheKey>) {
        lastBrokenRows.withLock { last in
            last.summary.brokenKeys.removeAll(where: broken.contains)
            last.edits += 1
        }
    }

    /// Forgets the broken rows whose key matches `pattern` (a removal by pattern removed them all).
    func forgetBrokenRows(matching pattern: String) {
        let pattern = KeyPattern(pattern)
        lastBrokenRows.withLock { last in
            last.summary.brokenKeys.removeAll(where: pattern.matches)
            last.edits += 1
        }
    }

    package func restore(removing keys: [CacheKey], writing batches: [[Record]], watchesRefetch: Bool, as kind: String) throws {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        try store.withinReadWriteTransaction(origin: newOrigin(kind, refetches: watchesRefetch)) { transaction in
            for key in keys { _ = try transaction.removeRecord(for: key) }
            for batch in batches where !batch.isEmpty { try transaction.merge(records: RecordSet(records: batch)) }
        }
    }

    package var lastWriteOrigin: ChangeOrigin? { lastOrigin.withLock { $0 } }

    package var lockWaitElapsed: Duration? { (store.cache as? LockWaitReporting)?.lockWaitElapsed }

    package var lockHolderName: String? {
        guard let lockHolders, lockWaitElapsed != nil else { return nil }
        return lockHolders.name()
    }

    /// Each user action writes under an origin of its own, called `kind`, so that what it
    /// causes can be traced and the watches it wakes can say who changed them.
    func newOrigin(_ kind: String, refetches: Bool = true) -> ChangeOrigin {
        let origin = store.makeOrigin()
        origins.name(origin, kind, refetches: refetches)
        lastOrigin.withLock { $0 = origin }
        return origin
    }

    package func explain(document: String, variables: String?) throws -> QueryReport {
        try QueryExplainer(executor: store.executor).explain(document: document, variables: variables, store: store, cache: browsing)
    }

    package func startExplain(document: String, variables: String?) -> Int? {
        work.start { [weak self] id in
            guard let self else { return }
            let outcome: QueryOutcome
            do { outcome = .report(try self.explain(document: document, variables: variables)) } catch is CancellationError {
                outcome = .cancelled
            } catch {
                outcome = .failed("\(error)")
            }
            self.post(.queryExplained(id: id, Task.isCancelled ? .cancelled : outcome))
        }
    }

    package func cancelExplain(_ id: Int) { work.cancel(id) }

    package func waitUntilIdle() {
        work.waitUntilIdle()
        watchList.waitUntilIdle()
    }

    package func watches() -> [WatchSnapshot] { watchList.snapshots }

    /// How the watches read (the pane's list limit): for a benchmark's floor, the same read.
    package static var watchReadOptions: ReadOptions { ExplorerWatch.readOptions }

    /// `127.0.0.1:8000` for an HTTP endpoint, `network` for another transport, nil offline.
    package var networkName: String? {
        guard watchesUseNetwork else { return nil }
        return client.transport.endpointName ?? "network"
    }

    package func setWatchPolicy(_ name: String, _ policy: CachePolicy) throws {
        try watchList.setPolicy(name, policy)
        if waitsForWatches { watchList.waitUntilIdle() }
    }

    /// The store's schema: edits must fit its field types.
    package var schema: CacheSchema? { store.configuration.schema }

    /// Lints the cache itself, broken rows included.
    package func lint() throws -> [LintFinding] {
        try CacheLint(configuration: store.configuration).run(on: browsing)
    }

    @discardableResult
    package func addWatch(name: String?, document: String, variables: String) throws -> String {
        let added = try watchList.add(name: name, document: document, variables: variables)
        if waitsForWatches { watchList.waitUntilIdle() }
        return added
    }

    package func replaceWatch(_ name: String, document: String, variables: String) throws {
        try watchList.replace(name, document: document, variables: variables)
        if waitsForWatches { watchList.waitUntilIdle() }
    }

    package func removeWatch(_ name: String) throws { try watchList.remove(name) }

    package func refetchWatch(_ name: String) throws {
        try watchList.refetch(name)
        if waitsForWatches { watchList.waitUntilIdle() }
    }

    package func cancelWatchReads() -> [String] { watchList.cancelReads() }

    package func onChange(_ handler: @escaping @Sendable (Action) -> Void) {
        watchList.onUpdate(handler)
        listeners.withLock { $0.append(handler) }
        let subscription = store.subscribe { change in
            handler(.storeDidChange(change, records: change.isExternal ? change.affectedRecords.count : nil))
        }
        subscriptions.withLock { $0.append(subscription) }
    }

    /// Tells every `onChange` listener (from any thread).
    func post(_ action: Action) {
        for listener in listeners.withLock({ $0 }) { listener(action) }
    }

}
