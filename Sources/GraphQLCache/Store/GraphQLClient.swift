import Dispatch
import Synchronization

/// Fetches and watches queries over a store and a transport, with Apollo iOS's cache policies:
/// what `ApolloClient.fetch` and `watch` do, for documents parsed at run time.
public final class GraphQLClient: Sendable {
    /// Callback of results and errors, in the order they happen.
    public typealias ResultHandler = @Sendable (Result<QueryResult, GraphQLCacheError>) -> Void

    /// Where results are cached and watchers live.
    public let store: CacheStore
    /// Where network requests go.
    public let transport: any NetworkTransport

    let activity = ActivityTracker()
    private let requests = Atomic<Int>(0)
    private let inFlight = InFlightRequests()
    private let executor = DispatchTaskExecutor(label: "GraphQLClient")

    /// A client caching in `store` and fetching through `transport`.
    public init(store: CacheStore, transport: any NetworkTransport) {
        self.store = store
        self.transport = transport
    }

    /// How many requests this client has sent to its transport.
    public var networkRequestCount: Int { requests.load(ordering: .relaxed) }

    /// Fetches `query` with `cachePolicy`: each result (and a final error, if any) goes to
    /// `resultHandler` as it happens, and all of them are returned. Server results are written
    /// (partial data next to GraphQL `errors` included) unless the policy says not to; the
    /// write carries `origin`, so the watcher that made the fetch can ignore it. A mutation
    /// always goes to the server (as Apollo's `perform`), written unless the policy is
    /// `fetchIgnoringCacheCompletely`.
    /// Every result is collected (the async `fetch(query:cachePolicy:)` returns one and throws
    /// on failure). `readOptions` says how the cache is read (`returnPartialData`).
    @discardableResult
    public func fetchAll(query: GraphQLOperation, cachePolicy: CachePolicy = .cacheFirst,
                         origin: ChangeOrigin? = nil, readOptions: ReadOptions = ReadOptions(),
                         resultHandler: ResultHandler? = nil) async -> FetchOutcome {
        var policy = cachePolicy
        if query.operationType == .mutation && policy.writesResults { policy = .networkOnly }
        var handler: FetchRun.Handler?
        if let resultHandler { handler = { result, _ in resultHandler(result) } }
        var fetch = FetchRun(client: self, query: query, origin: origin, handler: handler, readOptions: readOptions)
        await fetch.run(policy)
        return fetch.outcome
    }

    /// `fetchAll` whose server data is written by `writer` instead of a plain merge (as a
    /// watcher's `writeResponse` is), so that a caller can keep what the write replaced (the
    /// explorer's console, for undo). The writer should write under `origin`.
    package func fetchAll(query: GraphQLOperation, cachePolicy: CachePolicy, origin: ChangeOrigin,
                          readOptions: ReadOptions = ReadOptions(),
                          writer: @escaping @Sendable (RecordSet) throws -> Void) async -> FetchOutcome {
        var policy = cachePolicy
        if query.operationType == .mutation && policy.writesResults { policy = .networkOnly }
        var fetch = FetchRun(client: self, query: query, origin: origin, handler: nil, readOptions: readOptions, writer: writer)
        await fetch.run(policy)
        return fetch.outcome
    }

    /// Watches `query`: the first results come from a fetch with `cachePolicy`; afterwards,
    /// whenever a committed change touches what the last read depended on, the watcher re-reads
    /// the cache and delivers the new data, or refetches when the re-read misses, the policy
    /// may use the network and `refetchOnFailedUpdates` is on.
    public func watch(query: GraphQLOperation, cachePolicy: CachePolicy = .returnCacheDataElseFetch,
                      refetchOnFailedUpdates: Bool = true, resultHandler: @escaping ResultHandler) -> QueryWatcher {
        let watcher = QueryWatcher(client: self, query: query, cachePolicy: cachePolicy,
                                   refetchOnFailedUpdates: refetchOnFailedUpdates, resultHandler: resultHandler)
        startTracked { await watcher.fetch() }
        return watcher
    }

    /// Whether no fetch started by this client (watch starts, refetches) is still under way.
    public var isIdle: Bool { activity.isIdle }

    /// Blocks the calling thread until every fetch this client started in the background has
    /// finished and delivered. For synchronous drivers (the harness); never call it from work
    /// the client itself runs (a result handler), which would wait for itself.
    public func waitUntilIdle() { activity.waitUntilIdle() }

    /// Runs `work` in a task counted by `waitUntilIdle`. The work (and what it captures, a
    /// watcher say) is released before the task counts as finished.
    func startTracked(_ work: @escaping @Sendable () async -> Void) {
        activity.begin()
        let pending = Mutex<(@Sendable () async -> Void)?>(work)
        Task(executorPreference: executor) { [activity] in
            await Self.runOnce(pending)
            activity.end()
        }
    }

    /// Takes the work out of `pending` and runs it, so that it is dropped when it returns.
    private static func runOnce(_ pending: borrowing Mutex<(@Sendable () async -> Void)?>) async {
        let work = pending.withLock { slot in
            defer { slot = nil }
            return slot
        }
        await work?()
    }

    /// Runs async `work` (a fetch, a watcher's first fetch) to completion and returns its value,
    /// blocking the calling thread: for synchronous drivers such as the harness and tests. The
    /// work runs on the client's own queue, so a blocked cooperative thread cannot starve it;
    /// still, do not block an app's main thread with it.
    public func waitFor<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) {
            let value = await work()
            box.withLock { $0 = value }
            done.signal()
        }
        while true {
            done.wait()
            if let value = box.withLock({ $0 }) { return value }
        }
    }

    /// This caller's turn at the request for `query`: a mutation is always sent; a query equal to
    /// one already under way waits for that one's answer (written by its leader by then) instead
    /// of sending again. When the caller becomes the leader, or its leader found the cache
    /// filled, `recheck` (if given) looks at the cache once more: data that an equal request wrote
    /// since the caller's own read makes the request needless. Call `finish()` on the turn once
    /// its answer is written.
    func turn(for query: GraphQLOperation, recheck: (() -> ReadResult?)? = nil) async -> RequestTurn {
        let request = GraphQLRequest(query: store.executor.networkDocument(for: query),
                                     operationName: query.name, variables: query.variables)
        guard query.operationType == .query else { return RequestTurn(outcome: .answer(await send(request))) }
        while true {
            switch await inFlight.join(request) {
            case .answer(let answer)?:
                return RequestTurn(outcome: .answer(answer))
            case .cacheFilled?:
                if let read = recheck?() { return RequestTurn(outcome: .cached(read)) }
            case nil:
                if let read = recheck?() {
                    inFlight.finish(request, sharing: .cacheFilled)
                    return RequestTurn(outcome: .cached(read))
                }
                let answer = await send(request)
                return RequestTurn(outcome: .answer(answer)) { [inFlight] in inFlight.finish(request, sharing: .answer(answer)) }
            }
        }
    }

    /// Sends `request` through the transport, counting it.
    private func send(_ request: GraphQLRequest) async -> InFlightRequests.Answer {
        requests.add(1, ordering: .relaxed)
        do throws(GraphQLCacheError) { return .success(try await transport.send(request)) } catch { return .failure(error) }
    }

    /// How many callers wait for an equal request of `query` under way (for tests).
    func waiterCount(for query: GraphQLOperation) -> Int {
        inFlight.waiterCount(GraphQLRequest(query: store.executor.networkDocument(for: query),
                                            operationName: query.name, variables: query.variables))
    }
}
