import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GraphQLCache
import GraphQLCacheSQLite
import LoopbackHTTP

/// The `network` group: the workload query fetched over HTTP from a loopback server serving
/// the response's fixed bytes, through `HTTPNetworkTransport` into a SQLite cache (as `cachelens
/// harness --transport URL` with a cache file runs `fetch`), beside the floor: the same POST
/// through `URLSession` and `JSONSerialization` parsing the body. Budget: within 2x.
enum HTTPFetchBenchmarks {
    static let group = BenchmarkGroup(name: "network") { context in
        [try fetch(context: context)]
    }

    static func fetch(context: BenchmarkContext) throws -> BenchmarkFigure {
        let workload = ItemUserWorkload(itemCount: context.scale.responseItems)
        let n = workload.itemCount
        let body = Array(("{\"data\":" + workload.responseJSON() + "}").utf8)
        let server = try LoopbackHTTPServer(lifetime: .infinity, maximumConnections: .max, recordsRequests: false) { _ in
            .json(bytes: body)
        }
        defer { server.stop() }
        let configuration = NormalizeReadBenchmarks.configuration
        let transport = HTTPNetworkTransport(url: server.url)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let request = floorRequest(server.url)
        let path = context.freshFile("fetch-\(n).sqlite")
        defer { context.removeFile(path) }
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ -> GraphQLClient in
                context.removeFile(path)
                let store = CacheStore(cache: try SQLiteNormalizedCache(path: path), configuration: configuration)
                return GraphQLClient(store: store, transport: transport)
            },
            subject: { client in try fetch(ItemUserWorkload.query, items: n, with: client) },
            setUpFloor: { _ in },
            floor: { _ in try transfer(request, on: session, expecting: body.count) })
        return .milliseconds("fetch over HTTP, \(n) items into SQLite (floor: transfer + JSONSerialization)", compared, budget: 2)
    }

    /// One fetch that writes the result (`fetchIgnoringCacheData`), checked to be whole.
    private static func fetch(_ document: String, items: Int, with client: GraphQLClient) throws {
        let operation = try client.store.executor.operation(document: document)
        let outcome = client.waitFor { await client.fetchAll(query: operation, cachePolicy: .fetchIgnoringCacheData) }
        if let error = outcome.error { throw BenchmarkError("the fetch over HTTP failed: \(error)") }
        guard let result = outcome.results.last, case .array(let list)? = result.data?["items"], list.count == items else {
            throw BenchmarkError("the fetch over HTTP did not bring \(items) items")
        }
    }

    /// The floor's request: a POST of the same size class as the transport's (the server ignores it).
    private static func floorRequest(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"query":"query Items { items { id } }"}"#.utf8)
        return request
    }

    /// The floor: the bytes over the same loopback socket with `URLSession`, then parsed.
    private static func transfer(_ request: URLRequest, on session: URLSession, expecting count: Int) throws {
        let received = Mutex<Result<Data, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, _, error in
            received.withLock { $0 = data.map { .success($0) } ?? .failure(error ?? BenchmarkError("no body")) }
            done.signal()
        }.resume()
        done.wait()
        let data = try received.withLock { $0 }!.get()
        guard data.count == count else { throw BenchmarkError("the loopback server sent \(data.count) bytes, not \(count)") }
        _ = try JSONSerialization.jsonObject(with: data)
    }
}
