import CacheTestSupport
import LoopbackHTTP
import Foundation
import GraphQLCache
import Testing

/// `--endpoint`, `--header` and `--timeout`, the same for `harness` and `explore`, against a
/// real HTTP server on 127.0.0.1.
@Suite struct NetworkOptionsTests {
    private static let hero = #"{"data":{"hero":{"__typename":"Droid","name":"R2-D2"}}}"#
    private static let fetch = #"{"id":1,"op":"fetch","document":"{ hero { name } }","policy":"networkOnly"}"# + "\n"

    @Test func theHarnessSendsEveryHeaderToTheEndpoint() throws {
        let server = try LoopbackHTTPServer { _ in .answer(status: 200, contentType: "application/json", body: Self.hero) }
        defer { server.stop() }
        let result = try CacheLensProcess.run(["harness", "--endpoint", server.url.absoluteString,
                                               "--header", "Authorization: Bearer t0k:en", "--header", "X-Client:cachelens"],
                                              input: Self.fetch)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(#"{"id":1,"ok":true"#), "\(result.stdout)")
        let request = try #require(server.requests.first)
        #expect(request.headers["authorization"] == "Bearer t0k:en")
        #expect(request.headers["x-client"] == "cachelens")
    }

    @Test func aServerSlowerThanTheTimeoutIsANetworkErrorNamingIt() throws {
        let server = try LoopbackHTTPServer { _ in .silence }
        defer { server.stop() }
        let result = try CacheLensProcess.run(["harness", "--transport", server.url.absoluteString, "--timeout", "0.5"],
                                              input: Self.fetch)
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(try JSONValue.parse(result.stdout.split(separator: "\n").first.map(String.init) ?? "").objectValue)
        #expect(line["ok"] == .bool(false))
        #expect(line["error"]?["code"] == .string("network"))
        #expect(line["error"]?["message"]?.stringValue?.contains("0.5") == true, "\(line)")
    }

    @Test func aHeaderWithoutAnEndpointIsAUsageError() throws {
        for command in [["harness"], ["explore"]] {
            let result = try CacheLensProcess.run(command + ["--header", "Authorization: x"])
            #expect(result.status == 64, "\(command)")
            #expect(result.stderr.contains("--header Authorization: x: needs an http(s) --transport or --endpoint"), "\(result.stderr)")
        }
    }

    /// The bundled sample's operations are never sent to someone else's server: with an
    /// endpoint and no file, the explorer opens an empty cache on it; the only request is the
    /// introspection query (with the headers), and with --no-introspection there is none.
    @Test func exploreWithAnEndpointAndNoFileSendsNothingButTheIntrospectionQuery() throws {
        let server = try LoopbackHTTPServer { _ in .answer(status: 200, contentType: "application/json", body: Self.hero) }
        defer { server.stop() }
        // `measure-explorer` opens what `explore` would, without a terminal.
        let result = try CacheLensProcess.run(["measure-explorer", "--endpoint", server.url.absoluteString, "--header", "A: b"],
                                              executable: CacheLensProcess.bench)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"firstFrameMs\""), "\(result.stdout)")
        #expect(server.requests.count == 1)
        #expect(server.requests.allSatisfy { $0.body.contains(#""operationName":"IntrospectionQuery""#) && $0.headers["a"] == "b" })
        // The hero is no introspection answer: one line says so, and the explorer goes on.
        #expect(result.stderr.contains("schema: not introspected from \(server.url.absoluteString): "), "\(result.stderr)")
        let refused = try CacheLensProcess.run(["measure-explorer", "--endpoint", server.url.absoluteString, "--no-introspection"],
                                               executable: CacheLensProcess.bench)
        #expect(refused.status == 0, "\(refused.stderr)")
        #expect(server.requests.count == 1)
        #expect(!refused.stderr.contains("schema:"))
    }
}
