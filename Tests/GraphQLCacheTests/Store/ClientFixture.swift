import CacheTestSupport
import Synchronization
@testable import GraphQLCache

/// A store, a scripted server and a client, with JSON given as text, for fetch and watch tests.
struct ClientFixture {
    let store: CacheStore
    let server = ScriptedTransport()
    let client: GraphQLClient

    init(kind: CacheKind = .memory, configuration: CacheConfiguration = CacheConfiguration()) {
        store = CacheStore(cache: kind.makeCache(), configuration: configuration)
        client = GraphQLClient(store: store, transport: server)
    }

    /// Objects keyed `Type:id` by their `id` field, as Apollo's `IDCacheKeyProvider`.
    static func withIDs(_ kind: CacheKind = .memory) -> ClientFixture {
        ClientFixture(kind: kind, configuration: CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"])))
    }

    func query(_ document: String, _ variables: String = "{}") throws -> GraphQLOperation {
        try store.executor.operation(document: document, variables: try OperationFixture.json(variables))
    }

    func fragment(_ document: String) throws -> GraphQLOperation {
        try store.executor.fragment(document: document)
    }

    /// Queues the server's next answer, `{"data":…}` or `{"data":…,"errors":[…]}` as text.
    func respond(_ response: String) throws {
        server.enqueue(try TransportResponse(json: try OperationFixture.json(response)))
    }

    /// Fetches synchronously.
    func fetch(_ query: GraphQLOperation, _ policy: CachePolicy) -> FetchOutcome {
        let client = client
        return client.waitFor { await client.fetchAll(query: query, cachePolicy: policy) }
    }

    /// Writes data for a query straight into the store.
    @discardableResult
    func write(_ query: GraphQLOperation, _ data: String) throws -> FieldChanges {
        try store.write(data: try OperationFixture.json(data), for: query)
    }

    /// Starts a watcher whose every delivery lands in the returned log, and waits for its
    /// first results.
    func watch(_ query: GraphQLOperation, _ policy: CachePolicy = .returnCacheDataElseFetch,
               refetchOnFailedUpdates: Bool = true) -> (QueryWatcher, DeliveryLog) {
        let log = DeliveryLog()
        let watcher = client.watch(query: query, cachePolicy: policy, refetchOnFailedUpdates: refetchOnFailedUpdates) {
            log.append($0)
        }
        client.waitUntilIdle()
        return (watcher, log)
    }
}

/// What a watcher delivered, in order.
final class DeliveryLog: Sendable {
    private let entries = Mutex<[Result<QueryResult, GraphQLCacheError>]>([])

    func append(_ entry: Result<QueryResult, GraphQLCacheError>) { entries.withLock { $0.append(entry) } }

    var all: [Result<QueryResult, GraphQLCacheError>] { entries.withLock { $0 } }
    var count: Int { all.count }

    /// Each delivery as `source:data-json` or `error:description`, for compact expectations.
    var summary: [String] {
        all.map { entry in
            switch entry {
            case .success(let result): return "\(result.source.rawValue):\(OperationFixture.text(result.data))"
            case .failure(let error): return "error:\(error)"
            }
        }
    }
}

extension FetchOutcome {
    /// Each result as `source:data-json`, then `error:description` if the fetch ended in one.
    var summary: [String] {
        results.map { "\($0.source.rawValue):\(OperationFixture.text($0.data))" } + (error.map { ["error:\($0)"] } ?? [])
    }
}
