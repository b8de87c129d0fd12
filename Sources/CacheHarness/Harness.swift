import GraphQLCache

/// The headless harness: answers HARNESS.md's JSON-lines requests against one cache store.
///
/// `handle(line:)` returns every line a request produces, watcher deliveries first and the
/// response last, so the runner (stdin/stdout) and tests (in process) see the same stream.
public final class Harness {
    /// The cache the record ops work on (browsed by `records`, `stats` and the `ui` op).
    public let cache: any BrowsableNormalizedCache
    /// The store over `cache`: every write goes through it, so watchers hear of it.
    public let store: CacheStore
    /// Fetches and watches (`fetch`, `watch`) over `store` and the transport.
    public let client: GraphQLClient
    /// Named watchers and the deliveries they produced (`Harness+WatchOps`).
    let watches = HarnessWatches()

    /// Schema, key configuration and executor for the GraphQL ops (`HarnessSession`).
    public internal(set) var session: HarnessSession {
        didSet { store.replaceExecutor(session.executor) }
    }

    /// Ops this harness answers, by name; any other op is a `badRequest`.
    private var handlers: [String: (HarnessRequest) throws(HarnessError) -> JSONObject] = [:]

    /// The ops this harness answers, sorted (docs/HARNESS.md documents each; a test checks).
    public var answeredOps: [String] { handlers.keys.sorted() }

    /// A harness over `cache`, fetching through `transport` (by default a `ScriptedTransport`
    /// that the `respond` op feeds), within `limits`.
    public init(cache: any BrowsableNormalizedCache, transport: any NetworkTransport = ScriptedTransport(),
                limits: CacheLimits = CacheLimits()) {
        self.cache = cache
        self.session = HarnessSession(limits: limits)
        self.store = CacheStore(cache: cache, configuration: session.executor.configuration)
        self.client = GraphQLClient(store: store, transport: transport)
        registerRecordOps()
        registerDocumentOps()
        registerWatchOps()
        registerUpdateOp()
        registerUIOps()
        registerChangeOps()
        // Remember what is read from a shared file from the start, so `poll` can name changes.
        try? store.startTrackingExternalChanges()
    }

    /// Adds (or replaces) the handler of `op`.
    func register(_ op: String, _ handler: @escaping (HarnessRequest) throws(HarnessError) -> JSONObject) {
        handlers[op] = handler
    }

    /// Answers one input line; returns the output lines in order.
    public func handle(line: String) -> [String] {
        var pending: [String] = []
        let response: JSONObject
        switch HarnessRequest.parse(line) {
        case .unreadable(let id, let error):
            response = Self.failure(id: id, error)
        case .request(let request):
            response = answer(request, deliveries: &pending)
        }
        pending.append(JSONValue.object(response).jsonText)
        return pending
    }

    private func answer(_ request: HarnessRequest, deliveries: inout [String]) -> JSONObject {
        guard let handler = handlers[request.op] else {
            return Self.failure(id: request.id, HarnessError.badRequest("unknown op \"\(request.op)\""))
        }
        do {
            let result = try handler(request)
            deliveries.append(contentsOf: drainDeliveries())
            var response = JSONObject()
            if let id = request.id { response["id"] = id }
            response["ok"] = .bool(true)
            for (key, value) in result { response[key] = value }
            return response
        } catch {
            deliveries.append(contentsOf: drainDeliveries())
            return Self.failure(id: request.id, error)
        }
    }

    /// Watcher deliveries produced while handling a request, once the work it set off (watcher
    /// refetches) has finished.
    func drainDeliveries() -> [String] {
        client.waitUntilIdle()
        return watches.drain()
    }

    static func failure(id: JSONValue?, _ error: HarnessError) -> JSONObject {
        var response = JSONObject()
        if let id { response["id"] = id }
        response["ok"] = .bool(false)
        response["error"] = .object(error.jsonObject)
        return response
    }
}
