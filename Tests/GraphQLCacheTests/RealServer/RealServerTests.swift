import CacheTestSupport
import Foundation
import Testing
@testable import GraphQLCache

/// The HTTP transport and the client against a real GraphQL server process on 127.0.0.1
/// (Ariadne, `Tests/Servers/ariadne_server.py`): policies, redirects, 4xx with GraphQL errors,
/// partial data, headers, timeouts and the size limit.
@Suite(.enabled(if: AriadneServer.isAvailable, Comment(rawValue: AriadneServer.unavailableReason ?? "")))
struct RealServerTests {
    private let server: AriadneServer

    init() throws {
        server = try AriadneServer.shared.get()
    }

    private func client(_ kind: CacheKind, url: URL? = nil, headers: [String: String] = [:],
                        configuration: CacheConfiguration = CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"]))) -> GraphQLClient {
        let transport = HTTPNetworkTransport(url: url ?? server.graphQL, headers: headers, timeout: 10)
        return GraphQLClient(store: CacheStore(cache: kind.makeCache(), configuration: configuration), transport: transport)
    }

    private func fetch(_ client: GraphQLClient, _ document: String, _ policy: CachePolicy) throws -> FetchOutcome {
        let query = try client.store.executor.operation(document: document)
        return client.waitFor { await client.fetchAll(query: query, cachePolicy: policy) }
    }

    private func summary(_ outcome: FetchOutcome) -> [String] {
        outcome.results.map { "\($0.source.rawValue):\(OperationFixture.text($0.data))" } + (outcome.error.map { ["error:\($0)"] } ?? [])
    }

    @Test(arguments: CacheKind.allCases)
    func cacheFirstFetchesOnceThenAnswersFromTheCacheWithTheSameShape(_ kind: CacheKind) throws {
        let client = client(kind)
        let document = "{ hero { id name } }"
        #expect(summary(try fetch(client, document, .returnCacheDataElseFetch)) == [#"server:{"hero":{"id":"2001","name":"R2-D2"}}"#])
        #expect(summary(try fetch(client, document, .returnCacheDataElseFetch)) == [#"cache:{"hero":{"id":"2001","name":"R2-D2"}}"#])
        #expect(summary(try fetch(client, document, .returnCacheDataAndFetch)) ==
                [#"cache:{"hero":{"id":"2001","name":"R2-D2"}}"#, #"server:{"hero":{"id":"2001","name":"R2-D2"}}"#])
        #expect(client.networkRequestCount == 2)
        #expect(try client.store.loadRecord(forKey: "Droid:2001")?.fields["__typename"] == .string("Droid"))
    }

    @Test(arguments: CacheKind.allCases)
    func networkFirstFallsBackToTheCacheAndSaysWhy(_ kind: CacheKind) throws {
        let good = client(kind)
        _ = try fetch(good, "{ hero { id name } }", .fetchIgnoringCacheData)
        let broken = GraphQLClient(store: good.store, transport: HTTPNetworkTransport(url: server.url("nowhere"), timeout: 10))
        let outcome = try fetch(broken, "{ hero { id name } }", .networkFirst)
        #expect(summary(outcome) == [#"cache:{"hero":{"id":"2001","name":"R2-D2"}}"#])
        #expect(outcome.results.first?.networkError?.networkFailure?.httpStatus == 404)
    }

    @Test(arguments: [307, 308])
    func temporaryAndPermanentRedirectsReSendThePost(_ status: Int) throws {
        let client = client(.memory, url: server.url("redirect/\(status)"))
        #expect(summary(try fetch(client, "{ hero { name } }", .fetchIgnoringCacheData)) == [#"server:{"hero":{"name":"R2-D2"}}"#])
    }

    @Test(arguments: [301, 302, 303])
    func redirectsThatWouldTurnThePostIntoAGetAreErrorsNamingTheTarget(_ status: Int) throws {
        let client = client(.memory, url: server.url("redirect/\(status)"))
        let outcome = try fetch(client, "{ hero { name } }", .fetchIgnoringCacheData)
        guard case .network(.redirected(let got, let location, let message))? = outcome.error else {
            Issue.record("expected a refused redirect, got \(summary(outcome))")
            return
        }
        #expect(got == status)
        #expect(location == server.graphQL.absoluteString)
        #expect(message.contains(server.graphQL.absoluteString))
    }

    @Test func headersUserAgentAndCredentialsReachTheServer() throws {
        let client = client(.memory, headers: ["Authorization": "Bearer s3cret", "X-Client": "tests"])
        let data = try #require(try fetch(client, "{ headers { name value } }", .fetchIgnoringCacheCompletely).results.first?.data)
        let headers = Self.headers(data)
        #expect(headers["user-agent"] == "cachelens/\(CacheLensVersion.current)")
        #expect(headers["authorization"] == "Bearer s3cret")
        #expect(headers["x-client"] == "tests")
    }

    @Test func credentialsAreDroppedOnARedirectToAnotherOrigin() throws {
        let headers = ["Authorization": "Bearer s3cret", "Cookie": "session=1", "X-Api-Key": "k"]
        let same = client(.memory, url: server.url("redirect/307"), headers: headers)
        let sameData = try #require(try fetch(same, "{ headers { name value } }", .fetchIgnoringCacheCompletely).results.first?.data)
        #expect(Self.headers(sameData)["authorization"] == "Bearer s3cret")
        let away = client(.memory, url: server.url("redirect-away/307"), headers: headers)
        let awayData = try #require(try fetch(away, "{ headers { name value } }", .fetchIgnoringCacheCompletely).results.first?.data)
        let received = Self.headers(awayData)
        #expect(received["host"]?.hasPrefix("localhost:") == true)
        #expect(received["authorization"] == nil)
        #expect(received["cookie"] == nil)
        #expect(received["x-api-key"] == nil)
        #expect(received["user-agent"] == CacheLensVersion.userAgent)
    }

    @Test func aBadRequestAnswersWithTheGraphQLErrorsAsSent() throws {
        let client = client(.memory, configuration: CacheConfiguration())
        let outcome = try fetch(client, "{ nope }", .fetchIgnoringCacheData)
        guard case .network(let error)? = outcome.error else {
            Issue.record("expected a network error, got \(summary(outcome))")
            return
        }
        #expect(error.httpStatus == 400)
        #expect(error.graphQLErrors.first?["message"] == .string("Cannot query field 'nope' on type 'Query'."))
        #expect(error.graphQLErrors.first?["locations"] == .array([.object(["line": .int(1), "column": .int(3)])]))
    }

    @Test(arguments: CacheKind.allCases)
    func partialDataWithErrorsIsDeliveredAndWritten(_ kind: CacheKind) throws {
        let client = client(kind)
        let outcome = try fetch(client, "{ hero { id name } broken }", .fetchIgnoringCacheData)
        #expect(summary(outcome) == [#"server:{"hero":{"id":"2001","name":"R2-D2"},"broken":null}"#])
        #expect(outcome.results.first?.errors.first?["message"] == .string("broken on purpose"))
        #expect(summary(try fetch(client, "{ hero { name } }", .returnCacheDataDontFetch)) == [#"cache:{"hero":{"name":"R2-D2"}}"#])
    }

    @Test func aSlowAnswerTimesOutAtTheConfiguredTimeout() async throws {
        let transport = HTTPNetworkTransport(url: server.graphQL, timeout: 0.5)
        await #expect(throws: GraphQLCacheError.self) {
            _ = try await transport.send(GraphQLRequest(query: "{ slow(seconds: 3) }"))
        }
        do {
            _ = try await transport.send(GraphQLRequest(query: "{ slow(seconds: 3) }"))
        } catch {
            guard case .network(.timedOut) = error else { Issue.record("expected a timeout, got \(error)"); return }
        }
    }

    @Test func aBodyOverTheSizeLimitIsRefusedNamingTheLimit() async throws {
        let transport = HTTPNetworkTransport(url: server.graphQL, timeout: 10, maximumResponseSize: 100_000)
        do {
            _ = try await transport.send(GraphQLRequest(query: "{ big(count: 20000) { id text } }"))
            Issue.record("a 1 MB body passed a 100 kB limit")
        } catch {
            guard case .network(.tooLarge(let limit, _)) = error else { Issue.record("expected tooLarge, got \(error)"); return }
            #expect(limit == 100_000)
            #expect(error.description.contains("--max-response-size"))
        }
        let small = try await transport.send(GraphQLRequest(query: "{ big(count: 10) { id } }"))
        #expect(small.data?["big"]?.arrayValue?.count == 10)
    }

    /// Without a schema: `droid { ...N }` with `fragment N on Character` keeps `id` and `name`
    /// (Apollo Client's heuristic matching), and the cache answers the same query whole.
    @Test(arguments: CacheKind.allCases)
    func fragmentsOnInterfacesWithoutASchemaKeepTheirFields(_ kind: CacheKind) throws {
        let client = client(kind)
        let document = #"{ droid(id: "2001") { primaryFunction ...N } } fragment N on Character { id name }"#
        let expected = #"{"droid":{"primaryFunction":"Astromech","id":"2001","name":"R2-D2"}}"#
        #expect(summary(try fetch(client, document, .fetchIgnoringCacheData)) == ["server:" + expected])
        #expect(summary(try fetch(client, document, .returnCacheDataDontFetch)) == ["cache:" + expected])
        let read = try client.store.readResult(query: try client.store.executor.operation(document: document))
        #expect(read.guesses.map(\.typeCondition) == ["Character"])
        #expect(read.explanationJSON["guessed"] != nil)
    }

    private static func headers(_ data: JSONObject?) -> [String: String] {
        var headers: [String: String] = [:]
        for item in data?["headers"]?.arrayValue ?? [] {
            if let name = item["name"]?.stringValue, let value = item["value"]?.stringValue { headers[name] = value }
        }
        return headers
    }
}

/// The schema asked of a real server (Ariadne answers the standard introspection query, and
/// refuses it with 400 and a GraphQL error where introspection is switched off).
@Suite(.enabled(if: AriadneServer.isAvailable, Comment(rawValue: AriadneServer.unavailableReason ?? "")))
struct RealServerIntrospectionTests {
    private let server: AriadneServer

    init() throws {
        server = try AriadneServer.shared.get()
    }

    @Test func theServersSchemaIsIntrospectedAndLoads() async throws {
        let transport = HTTPNetworkTransport(url: server.graphQL, timeout: 10)
        let introspected = try await IntrospectedSchema.fetch(from: transport)
        #expect(introspected.sdl.contains("interface Character { id: ID! name: String! friends: [Character] }"))
        #expect(introspected.sdl.contains("type Droid implements Character {"))
        #expect(introspected.sdl.contains("enum Episode { NEWHOPE EMPIRE JEDI }"))
        let schema = try CacheSchema.load(sdl: [introspected.sdl])
        #expect(schema.matches(typename: "Droid", condition: "Character"))
        #expect(introspected.typeCount == 12)   // Query, Episode, Character, Human, Droid, Item, Header and 5 scalars
    }

    @Test func introspectionSwitchedOffIsANetworkErrorWithTheStatusAndTheGraphQLError() async throws {
        let transport = HTTPNetworkTransport(url: server.url("graphql-no-introspection"), timeout: 10)
        await #expect {
            _ = try await IntrospectedSchema.fetch(from: transport)
        } throws: { error in
            guard case .network(let failure)? = error as? GraphQLCacheError else { return false }
            return failure.httpStatus == 400
                && failure.graphQLErrors.first?["message"]?.stringValue?.contains("introspection") == true
        }
    }
}
