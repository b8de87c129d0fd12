import CacheTestSupport
import LoopbackHTTP
import Foundation
import GraphQLCache
import Testing

@Suite struct HTTPNetworkTransportTests {
    static let heroRequest = GraphQLRequest(query: "query Hero($episode: Episode) { hero(episode: $episode) { name } }",
                                            operationName: "Hero", variables: ["episode": .string("JEDI")])

    static func json(_ body: String, status: Int = 200) -> LoopbackHTTPServer.Reply {
        .answer(status: status, contentType: "application/json", body: body)
    }

    @Test func successfulResponseDecodesDataAndPostsGraphQLJSON() async throws {
        let server = try LoopbackHTTPServer { _ in Self.json(#"{"data":{"hero":{"name":"R2-D2"}}}"#) }
        defer { server.stop() }
        let response = try await HTTPNetworkTransport(url: server.url).send(Self.heroRequest)

        #expect(response.data == ["hero": .object(["name": .string("R2-D2")])])
        #expect(response.errors.isEmpty)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/graphql")
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["accept"] == "application/graphql-response+json, application/json")
        let body = try #require(try JSONValue.parse(request.body).objectValue)
        #expect(try GraphQLRequest(json: body) == Self.heroRequest)
    }

    @Test func partialDataWithErrorsIsAResponseNotAnError() async throws {
        let body = #"{"data":{"hero":null},"errors":[{"message":"hero failed","path":["hero"]}]}"#
        let server = try LoopbackHTTPServer { _ in Self.json(body) }
        defer { server.stop() }
        let response = try await HTTPNetworkTransport(url: server.url).send(Self.heroRequest)

        #expect(response.data == ["hero": .null])
        #expect(response.errors.map { $0["message"] } == [.string("hero failed")])
    }

    @Test func serverErrorStatusIsAnHTTPErrorWithTheBody() async throws {
        let server = try LoopbackHTTPServer { _ in
            .answer(status: 500, contentType: "text/plain", body: "database on fire")
        }
        defer { server.stop() }
        await #expect(throws: GraphQLCacheError.network(.http(status: 500, body: "database on fire"))) {
            try await HTTPNetworkTransport(url: server.url).send(Self.heroRequest)
        }
    }

    @Test func nonJSONBodyIsAnInvalidResponse() async throws {
        let server = try LoopbackHTTPServer { _ in
            .answer(status: 200, contentType: "text/html", body: "<html>login</html>")
        }
        defer { server.stop() }
        let error = await #expect(throws: GraphQLCacheError.self) {
            try await HTTPNetworkTransport(url: server.url).send(Self.heroRequest)
        }
        guard case .network(.invalidResponse(let message))? = error else {
            Issue.record("expected invalidResponse, got \(String(describing: error))")
            return
        }
        #expect(message.contains("not JSON"))
        #expect(message.contains(server.url.absoluteString))
    }

    @Test func jsonThatIsNotATransportResponseIsAnInvalidResponse() async throws {
        let server = try LoopbackHTTPServer { _ in Self.json(#"{"hello":"world"}"#) }
        defer { server.stop() }
        await #expect(throws: GraphQLCacheError.network(.invalidResponse("GraphQL response has neither \"data\" nor \"errors\""))) {
            try await HTTPNetworkTransport(url: server.url).send(Self.heroRequest)
        }
    }

    @Test func configuredHeadersArriveAtTheServer() async throws {
        let server = try LoopbackHTTPServer { _ in Self.json(#"{"data":{}}"#) }
        defer { server.stop() }
        let transport = HTTPNetworkTransport(url: server.url, headers: ["Authorization": "Bearer s3cret",
                                                                        "X-Client-Name": "cachelens"])
        _ = try await transport.send(Self.heroRequest)

        let request = try #require(server.requests.first)
        #expect(request.headers["authorization"] == "Bearer s3cret")
        #expect(request.headers["x-client-name"] == "cachelens")
    }

    @Test func silentServerTimesOut() async throws {
        let server = try LoopbackHTTPServer { _ in .silence }
        defer { server.stop() }
        let error = await #expect(throws: GraphQLCacheError.self) {
            try await HTTPNetworkTransport(url: server.url, timeout: 0.3).send(Self.heroRequest)
        }
        guard case .network(.timedOut(let message))? = error else {
            Issue.record("expected timedOut, got \(String(describing: error))")
            return
        }
        #expect(message.contains(server.url.absoluteString))
    }

    @Test func cancellingTheCallerEndsTheExchange() async throws {
        let server = try LoopbackHTTPServer { _ in .silence }
        defer { server.stop() }
        let transport = HTTPNetworkTransport(url: server.url, timeout: 30)
        let task = Task { () async throws(GraphQLCacheError) -> TransportResponse in try await transport.send(Self.heroRequest) }
        task.cancel()
        let error = await #expect(throws: GraphQLCacheError.self) { try await task.value }
        guard case .network(.transport(let message))? = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(message.contains("cancelled"))
    }

    @Test func refusedConnectionIsATransportErrorNamingTheURL() async throws {
        let (descriptor, port) = try LoopbackHTTPServer.bindLoopback(listen: false)
        defer { close(descriptor) }
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/graphql"))
        let error = await #expect(throws: GraphQLCacheError.self) {
            try await HTTPNetworkTransport(url: url, timeout: 5).send(Self.heroRequest)
        }
        guard case .network(.transport(let message))? = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(message.contains(url.absoluteString))
    }
}

/// Issue 25, findings 8 and 16: one deadline for the whole request across redirects, and
/// redirects followed only to http(s).
@Suite struct HTTPRedirectLimitTests {
    @Test func theTimeoutCoversTheWholeRedirectChain() async throws {
        let server = try LoopbackHTTPServer(maximumConnections: 16) { request in
            let hop = Int(request.path.split(separator: "/").last ?? "") ?? 0
            return .redirect(status: 307, location: "/hop/\(hop + 1)", after: 0.4)
        }
        defer { server.stop() }
        let start = Date()
        let error = await #expect(throws: GraphQLCacheError.self) {
            try await HTTPNetworkTransport(url: server.url, timeout: 1).send(HTTPNetworkTransportTests.heroRequest)
        }
        // Each hop answers within 0.4 s: given to each hop afresh, the timeout never passed and
        // the chain ended on the redirect limit instead.
        guard case .network(.timedOut)? = error else {
            Issue.record("expected timedOut after \(Date().timeIntervalSince(start)) s, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: ["ftp://127.0.0.1:21/pub", "file:///etc/passwd", "gopher://127.0.0.1/x"])
    func aRedirectToAnotherSchemeIsRefusedSayingWhy(location: String) async throws {
        let server = try LoopbackHTTPServer { _ in .redirect(status: 307, location: location, after: 0) }
        defer { server.stop() }
        let error = await #expect(throws: GraphQLCacheError.self) {
            try await HTTPNetworkTransport(url: server.url, timeout: 5).send(HTTPNetworkTransportTests.heroRequest)
        }
        guard case .network(.redirected(307, let target, let message))? = error else {
            Issue.record("expected a refused redirect, got \(String(describing: error))")
            return
        }
        #expect(target == location)
        #expect(message.contains("only http and https"), "\(message)")
    }
}
