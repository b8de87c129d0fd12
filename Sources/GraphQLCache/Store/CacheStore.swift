import Synchronization

/// The coordinator over a `NormalizedCache`: closure-scoped transactions (many readers or one
/// writer), change notification once per committed transaction, and the dependency index that
/// query watchers use. The explorer, the harness and apps all talk to a store, not to the cache.
///
/// Thread-safe. Transactions must not be nested (the lock is not recursive); handlers run after
/// the write lock is released, so they may open transactions of their own.
public final class CacheStore: Sendable {
    /// The storage under the store. Write through the store so that watchers hear of changes;
    /// reading or paging keys directly (the explorer's record list) is fine.
    public let cache: NormalizedCache

    let lock = ReadWriteLock()
    let dispatcher = ChangeDispatcher()
    private let originCounter = Atomic<UInt64>(0)
    private let currentExecutor: Mutex<GraphQLExecutor>
    /// Who sees commits under the write lock (`CommitWitness`), if anyone.
    let commitWitness = Mutex(WeakCommitWitness())

    /// Makes a store over `cache`; `configuration` (schema, cache ids) decides how GraphQL
    /// documents read and write records.
    public init(cache: NormalizedCache, configuration: CacheConfiguration = CacheConfiguration()) {
        self.cache = cache
        self.currentExecutor = Mutex(GraphQLExecutor(configuration: configuration))
    }

    /// The GraphQL layer the store reads and writes documents with.
    public var executor: GraphQLExecutor { currentExecutor.withLock { $0 } }

    /// The configuration in use.
    public var configuration: CacheConfiguration { executor.configuration }

    /// Replaces the GraphQL layer (a new schema or new cache ids): later reads and writes use
    /// it; records already stored are left as they are.
    public func replaceExecutor(_ executor: GraphQLExecutor) {
        currentExecutor.withLock { $0 = executor }
    }

    /// Runs `body` with a read transaction, concurrently with other readers, so every read
    /// inside sees one committed state. Over a cache that gives snapshots (`ReadSnapshotting`:
    /// memory, SQLite in WAL mode) the read runs on a snapshot taken between writes, and writers
    /// commit meanwhile (an edit never waits for a long watch read); over others it holds the
    /// read lock, and write transactions wait for it.
    public func withinReadTransaction<T>(_ body: (ReadTransaction) throws -> T) throws -> T {
        try AsyncTransactionScope.checkNotNested()
        if let snapshotting = cache as? ReadSnapshotting,
           let snapshot = try lock.withReadLock({ try snapshotting.readSnapshot() }) {
            defer { snapshot.close() }
            let transaction = ReadTransaction(store: self, snapshot: snapshot)
            defer { transaction.close() }
            return try body(transaction)
        }
        return try lock.withReadLock {
            let transaction = ReadTransaction(store: self)
            defer { transaction.close() }
            return try body(transaction)
        }
    }

    /// Runs `body` with a read-write transaction, alone. Reads inside see the transaction's own
    /// writes; the writes reach the cache together when `body` returns (atomically, in
    /// `performAtomically`), and subscribers then hear of them once. If `body` throws, nothing
    /// is written and nobody is notified.
    ///
    /// - Parameter origin: who is writing, passed on in the `CacheChange` (see `makeOrigin()`).
    @discardableResult
    public func withinReadWriteTransaction<T>(
        origin: ChangeOrigin? = nil, _ body: (ReadWriteTransaction) throws -> T
    ) throws -> T {
        try withinReadWriteTransactionReportingChange(origin: origin, body).value
    }

    /// `withinReadWriteTransaction`, also returning the change as committed (what a removal by
    /// pattern actually deleted, which the transaction's own answer cannot know yet).
    func withinReadWriteTransactionReportingChange<T>(
        origin: ChangeOrigin? = nil, _ body: (ReadWriteTransaction) throws -> T
    ) throws -> (value: T, change: CacheChange) {
        try AsyncTransactionScope.checkNotNested()
        let result: (value: T, change: CacheChange) = try lock.withWriteLock {
            let transaction = ReadWriteTransaction(store: self)
            defer { transaction.close() }
            let value = try body(transaction)
            let change = try transaction.commit(origin: origin)
            if !change.isEmpty { dispatcher.post(change) }
            return (value, change)
        }
        dispatcher.drain()
        return result
    }

    /// Calls `handler` once per committed transaction that changed something, with what it
    /// changed, after the write lock is released; never on rollback or for an empty change.
    /// Changes are delivered one at a time, in commit order.
    public func subscribe(_ handler: @escaping @Sendable (CacheChange) -> Void) -> CacheSubscription {
        let id = dispatcher.subscribe(handler)
        return CacheSubscription { [dispatcher] in dispatcher.remove(id) }
    }

    /// Calls `handler` for committed changes that touch `fields` (a changed or removed field)
    /// or `records` (any change to the record, or its removal; for records a read found
    /// absent). Finding the observers of a change costs O(changed keys), however many
    /// observers there are. Update the keys through the returned observation.
    public func observe(
        fields: Set<FieldKey>, records: Set<CacheKey> = [],
        _ handler: @escaping @Sendable (CacheChange) -> Void
    ) -> CacheObservation {
        observe(dependencies: FieldDependencies(fields), records: records, handler)
    }

    /// As `observe(fields:records:_:)`, with the field keys already grouped by record (a
    /// read's `dependencies`, registered as they are).
    public func observe(
        dependencies: FieldDependencies, records: Set<CacheKey> = [],
        _ handler: @escaping @Sendable (CacheChange) -> Void
    ) -> CacheObservation {
        let id = dispatcher.observe(dependencies: dependencies, records: records, handler)
        return CacheObservation(dispatcher: dispatcher, id: id)
    }

    /// How many observations (query watchers among them) are active.
    public var observerCount: Int { dispatcher.observerCount }

    /// A fresh writer identity for `withinReadWriteTransaction(origin:)`, never returned before
    /// by this store.
    public func makeOrigin() -> ChangeOrigin {
        ChangeOrigin(id: originCounter.add(1, ordering: .relaxed).newValue)
    }
}
