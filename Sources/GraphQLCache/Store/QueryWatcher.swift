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
public final class QueryWatcher: Sendable {
    /// The watched query.
    public let query: GraphQLOperation
    /// The policy of the first fetch (and whether refetches may use the network).
    public let cachePolicy: CachePolicy
    /// Whether a re-read that misses refetches from the network.
    public let refetchOnFailedUpdates: Bool

    let client: GraphQLClient
    /// Marks this watcher's own writes, which it ignores.
    let origin: ChangeOrigin
    private let resultHandler: GraphQLClient.ResultHandler
    private let observation = Mutex<CacheObservation?>(nil)
    private let cancelled = Atomic<Bool>(false)
    private let refetching = Atomic<Bool>(false)
    private let lastData = Mutex<JSONObject?>(nil)

    /// A watcher that has fetched nothing yet: call `fetch()` for its first results (as
    /// Apollo's `GraphQLQueryWatcher`), or use `GraphQLClient.watch`, which does.
    public init(client: GraphQLClient, query: GraphQLOperation, cachePolicy: CachePolicy = .returnCacheDataElseFetch,
         refetchOnFailedUpdates: Bool = true, resultHandler: @escaping GraphQLClient.ResultHandler) {
        self.client = client
        self.query = query
        self.cachePolicy = cachePolicy
        self.refetchOnFailedUpdates = refetchOnFailedUpdates
        self.resultHandler = resultHandler
        self.origin = client.store.makeOrigin()
        let observation = client.store.observe(fields: []) { [weak self] change in self?.storeDidChange(change) }
        self.observation.withLock { $0 = observation }
    }

    /// A watcher nobody holds any more stops watching (as Apollo's does): keep a reference for
    /// as long as you want results.
    deinit {
        observation.withLock { $0 }?.cancel()
    }

    /// Fetches with `cachePolicy` (the watcher's own by default) and returns what it produced;
    /// with `deliver`, the results also go to the result handler. The watcher then depends on
    /// what the last result read (or, after a miss, on what the failed read needed).
    @discardableResult
    public func fetch(cachePolicy: CachePolicy? = nil, deliver: Bool = true) async -> FetchOutcome {
        var handler: GraphQLClient.ResultHandler?
        if deliver {
            handler = { [weak self] result in
                self?.deliver(result)
            }
        }
        return await perform(cachePolicy ?? self.cachePolicy, handler: handler)
    }

    /// Runs one fetch with `policy`; the watcher then depends on what the last result read (or,
    /// after a miss, on what the failed read needed) and remembers the data it last saw.
    @discardableResult
    private func perform(_ policy: CachePolicy, handler: GraphQLClient.ResultHandler?) async -> FetchOutcome {
        var run = FetchRun(client: client, query: query, origin: origin, handler: handler)
        await run.run(policy)
        if let last = run.outcome.results.last {
            depend(on: last.dependentKeys, records: [])
            lastData.withLock { $0 = last.data }
        } else if let read = run.lastRead {
            depend(on: read.dependentKeys, records: read.missingRecords)
        }
        return run.outcome
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

    /// The field keys the watcher currently depends on.
    public var dependentKeys: Set<FieldKey> { observation.withLock { $0 }?.fields ?? [] }

    private func depend(on fields: Set<FieldKey>, records: Set<CacheKey>) {
        guard !isCancelled else { return }
        observation.withLock { $0 }?.update(fields: fields, records: records)
    }

    private func deliver(_ result: Result<QueryResult, GraphQLClientError>) {
        guard !isCancelled else { return }
        if case .success(let value) = result { lastData.withLock { $0 = value.data } }
        resultHandler(result)
    }

    /// Delivers an update unless it holds the data delivered last: two writes of the same
    /// answer (watchers refetching one query together) wake the watcher twice, and it should
    /// say so once.
    private func deliverIfNew(_ result: Result<QueryResult, GraphQLClientError>) {
        if case .success(let value) = result, lastData.withLock({ $0 }) == value.data, value.data != nil { return }
        deliver(result)
    }

    /// A committed change touched the dependencies: re-read, then deliver, refetch or report.
    private func storeDidChange(_ change: CacheChange) {
        // A refetch under way delivers the server's answer; a change before it lands (another
        // watcher's write of the same answer) would only deliver the same data twice.
        guard !isCancelled, change.origin != origin, !refetching.load(ordering: .sequentiallyConsistent) else { return }
        let read: ReadResult
        do { read = try client.store.readResult(query: query) } catch {
            return deliver(.failure(.storage("\(error)")))
        }
        depend(on: read.dependentKeys, records: read.missingRecords)
        if read.isComplete {
            let result = QueryResult(data: read.data ?? JSONObject(), source: .cache, dependentKeys: read.dependentKeys)
            // Every local commit is delivered; another fetch's write of what this watcher
            // already shows (watchers refetching one query together) is not.
            change.origin == nil ? deliver(.success(result)) : deliverIfNew(.success(result))
        } else if refetchOnFailedUpdates && cachePolicy.mayUseNetwork {
            startRefetch()
        } else if let miss = read.misses.first {
            deliver(.failure(.cacheMiss(miss)))
        }
    }

    /// Refetches in the background after a failed re-read, once at a time.
    private func startRefetch() {
        guard refetching.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged else {
            return
        }
        client.startTracked { [weak self] in
            await self?.refetchAfterFailedUpdate()
            self?.refetching.store(false, ordering: .sequentiallyConsistent)
        }
    }

    /// The refetch after a re-read missed. It looks at the cache once more first: when other
    /// watchers of the same query refetch together, the first answer written fills the cache
    /// and the others need no request of their own.
    private func refetchAfterFailedUpdate() async {
        let handler: GraphQLClient.ResultHandler = { [weak self] result in self?.deliverIfNew(result) }
        await perform(.returnCacheDataElseFetch, handler: handler)
    }
}
