/// Apollo iOS 2.x's async transactions: the body may `await`, and nothing blocks a thread of the
/// cooperative pool while it waits for the lock (a dispatch thread holds it; see
/// `AsyncLockHold`). The synchronous forms stay for synchronous callers.
extension CacheStore {
    /// Runs `body` with a read transaction whose reads are `async`: one committed state for
    /// every read inside. `try await store.withinReadTransaction { try await $0.read(query: q) }`.
    public func withinReadTransaction<T>(_ body: (AsyncReadTransaction) async throws -> T) async throws -> T {
        try AsyncTransactionScope.checkNotNested()
        try Task.checkCancellation()
        let hold = try await AsyncLockHold.acquire(lock, write: false)
        defer { hold.release() }
        return try await AsyncTransactionScope.$isActive.withValue(true) {
            let transaction = ReadTransaction(store: self)
            defer { transaction.close() }
            return try await body(AsyncReadTransaction(transaction))
        }
    }

    /// Runs `body` with a read-write transaction, alone, as `withinReadWriteTransaction(origin:_:)`
    /// does (written together when `body` returns, nothing if it throws, subscribers told once),
    /// with an async body. A task cancelled before it gets the lock throws `CancellationError`.
    @discardableResult
    public func withinReadWriteTransaction<T>(
        origin: ChangeOrigin? = nil, _ body: (AsyncReadWriteTransaction) async throws -> T
    ) async throws -> T {
        try AsyncTransactionScope.checkNotNested()
        try Task.checkCancellation()
        let hold = try await AsyncLockHold.acquire(lock, write: true)
        let value: T
        do {
            try Task.checkCancellation()
            value = try await AsyncTransactionScope.$isActive.withValue(true) {
                let transaction = ReadWriteTransaction(store: self)
                defer { transaction.close() }
                let value = try await body(AsyncReadWriteTransaction(transaction))
                let change = try transaction.commit(origin: origin)
                if !change.isEmpty { dispatcher.post(change) }
                return value
            }
        } catch {
            hold.release()
            throw error
        }
        hold.release()
        dispatcher.drain()
        return value
    }

    /// The query's data from the cache, or nil when the cache cannot answer it whole (Apollo
    /// iOS 2.x's `ApolloStore.load`). `loadResult(query:)` throws the miss instead, saying why.
    public func load(query: GraphQLOperation) async throws -> QueryResult? {
        try await withinReadTransaction { try await $0.load(query: query) }
    }

    /// The query's data from the cache; throws `GraphQLCacheError.cacheMiss` with the first
    /// miss (the path, record, field and reason) when the cache cannot answer it whole.
    public func loadResult(query: GraphQLOperation) async throws -> QueryResult {
        try await withinReadTransaction { try await $0.loadResult(query: query) }
    }

    /// The data the cache holds for `query` with one error per missing field (Apollo Kotlin's
    /// partial data): `QueryResult.missingFields` lists them, and each stands as null.
    public func loadPartial(query: GraphQLOperation) async throws -> QueryResult {
        try await withinReadTransaction { try await $0.readPartial(query: query) }
    }
}
