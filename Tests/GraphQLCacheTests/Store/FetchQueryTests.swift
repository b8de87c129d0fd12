import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Every cache policy's results, sources, writes and errors, after apollo-ios-dev
/// `FetchQueryTests` and the policy table of docs/LIBRARY.md.
@Suite struct FetchQueryTests {
    private let cached = #"{"hero":{"__typename":"Droid","name":"R2-D2"}}"#
    private let served = #"{"data":{"hero":{"__typename":"Human","name":"Luke Skywalker"}}}"#

    private func fixture(_ kind: CacheKind, cacheHasData: Bool) throws -> (ClientFixture, GraphQLOperation) {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query("{ hero { __typename name } }")
        if cacheHasData { try fixture.write(query, cached) }
        try fixture.respond(served)
        return (fixture, query)
    }

    private var cacheResult: String { "cache:" + cached }
    private let serverResult = #"server:{"hero":{"__typename":"Human","name":"Luke Skywalker"}}"#

    private func storedName(_ fixture: ClientFixture) throws -> CacheValue? {
        try fixture.store.loadRecord(forKey: "QUERY_ROOT.hero")?["name"]
    }

    @Test(arguments: CacheKind.allCases)
    func cacheFirstWithCachedDataDoesNotHitTheNetwork(_ kind: CacheKind) throws {
        let (fixture, query) = try fixture(kind, cacheHasData: true)
        #expect(fixture.fetch(query, .returnCacheDataElseFetch).summary == [cacheResult])
        #expect(fixture.server.requestCount == 0)
    }

    @Test(arguments: CacheKind.allCases)
    func cacheFirstWithMissingDataFetchesAndWrites(_ kind: CacheKind) throws {
        let (fixture, query) = try fixture(kind, cacheHasData: false)
        #expect(fixture.fetch(query, .returnCacheDataElseFetch).summary == [serverResult])
        #expect(try storedName(fixture) == .string("Luke Skywalker"))
    }

    @Test(arguments: CacheKind.allCases)
    func networkOnlyHitsTheNetworkAndWrites(_ kind: CacheKind) throws {
        let (fixture, query) = try fixture(kind, cacheHasData: true)
        #expect(fixture.fetch(query, .fetchIgnoringCacheData).summary == [serverResult])
        #expect(try storedName(fixture) == .string("Luke Skywalker"))
        #expect(fixture.server.requests.first?.query.contains("__typename") == true)
    }

    @Test(arguments: CacheKind.allCases)
    func fetchIgnoringCacheCompletelyDoesNotWrite(_ kind: CacheKind) throws {
        let (fixture, query) = try fixture(kind, cacheHasData: true)
        #expect(fixture.fetch(query, .fetchIgnoringCacheCompletely).summary == [serverResult])
        #expect(try storedName(fixture) == .string("R2-D2"))
    }

    @Test(arguments: CacheKind.allCases)
    func cacheOnlyReturnsCachedDataWithoutTheNetwork(_ kind: CacheKind) throws {
        let (fixture, query) = try fixture(kind, cacheHasData: true)
        #expect(fixture.fetch(query, .returnCacheDataDontFetch).summary == [cacheResult])
        #expect(fixture.server.requestCount == 0)
    }

    @Test(arguments: CacheKind.allCases)
    func cacheOnlyMissIsAnErrorCarryingTheMiss(_ kind: CacheKind) throws {
        let (fixture, query) = try fixture(kind, cacheHasData: false)
        let outcome = fixture.fetch(query, .returnCacheDataDontFetch)
        #expect(outcome.results.isEmpty)
        #expect(outcome.error == .cacheMiss(CacheMiss(path: [], recordKey: .queryRoot, fieldKey: nil, reason: .missingRecord)))
        #expect(fixture.server.requestCount == 0)
    }

    @Test(arguments: CacheKind.allCases)
    func cacheAndNetworkGivesTheCacheThenTheServer(_ kind: CacheKind) throws {
        let (fixture, query) = try fixture(kind, cacheHasData: true)
        #expect(fixture.fetch(query, .returnCacheDataAndFetch).summary == [cacheResult, serverResult])
        #expect(try storedName(fixture) == .string("Luke Skywalker"))
    }

    @Test(arguments: CacheKind.allCases)
    func cacheAndNetworkWithMissingDataGivesOnlyTheServer(_ kind: CacheKind) throws {
        let (fixture, query) = try fixture(kind, cacheHasData: false)
        #expect(fixture.fetch(query, .returnCacheDataAndFetch).summary == [serverResult])
    }

    @Test(arguments: CacheKind.allCases)
    func cacheAndNetworkDeliversTheCacheThenTheNetworkError(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query("{ hero { __typename name } }")
        try fixture.write(query, cached)
        fixture.server.enqueueFailure("offline")
        #expect(fixture.fetch(query, .returnCacheDataAndFetch).summary == [cacheResult, "error:network: offline"])
    }

    @Test(arguments: CacheKind.allCases)
    func networkFirstPrefersTheServer(_ kind: CacheKind) throws {
        let (fixture, query) = try fixture(kind, cacheHasData: true)
        #expect(fixture.fetch(query, .networkFirst).summary == [serverResult])
    }

    @Test(arguments: CacheKind.allCases)
    func networkFirstFallsBackToTheCacheWhenTheNetworkFails(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query("{ hero { __typename name } }")
        try fixture.write(query, cached)
        fixture.server.enqueueFailure("offline")
        fixture.server.enqueueFailure("still offline")
        #expect(fixture.fetch(query, .networkFirst).summary == [cacheResult])
        try fixture.store.clear()
        #expect(fixture.fetch(query, .networkFirst).summary == ["error:network: still offline"])
    }

    @Test(arguments: CacheKind.allCases)
    func partialDataWithGraphQLErrorsIsDeliveredAndWritten(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query("{ hero { name } droid(id: \"2000\") { name } }")
        try fixture.respond(#"{"data":{"hero":{"name":"R2-D2"},"droid":null},"errors":[{"message":"no such droid","path":["droid"]}]}"#)
        let outcome = fixture.fetch(query, .fetchIgnoringCacheData)
        #expect(outcome.results.first?.errors.first?["message"] == .string("no such droid"))
        #expect(try fixture.store.loadRecord(forKey: .queryRoot)?.fields == [
            "hero": .reference("QUERY_ROOT.hero"), "droid(id:2000)": .null,
        ])
    }

    @Test(arguments: CacheKind.allCases)
    func serverDataThatDoesNotFitTheDocumentIsAnInvalidResponse(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        try fixture.respond(#"{"data":{"hero":{"id":"1"}}}"#)
        let outcome = fixture.fetch(try fixture.query("{ hero { name } }"), .fetchIgnoringCacheData)
        guard case .invalidResponse(let message)? = outcome.error else {
            Issue.record("expected an invalid response, got \(outcome.summary)")
            return
        }
        #expect(message.contains("hero.name"))
        #expect(try fixture.store.browsing.recordCount() == 0)
    }

    @Test(arguments: CacheKind.allCases)
    func mutationAlwaysGoesToTheServerAndIsWritten(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let mutation = try fixture.query("mutation { createReview(episode: JEDI, review: {stars: 5}) { stars } }")
        try fixture.respond(#"{"data":{"createReview":{"stars":5}}}"#)
        #expect(fixture.fetch(mutation, .returnCacheDataDontFetch).summary == [#"server:{"createReview":{"stars":5}}"#])
        #expect(try fixture.store.loadRecord(forKey: .mutationRoot) != nil)
    }
}
