import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Partial reads as Apollo Kotlin's cache gives them: the data found, each missing field as
/// null, and one error per missing field (path, record, field key, reason), for `read`,
/// `load`, `fetch` under `cacheOnly` and watches.
@Suite struct PartialReadTests {
    private let document = "{ hero { name height friends { name } } }"
    private let stored = #"{"hero":{"name":"R2-D2","friends":[{"name":"Luke"},{"name":"Han"}]}}"#

    private func fixture(_ kind: CacheKind) throws -> (ClientFixture, GraphQLOperation) {
        let fixture = ClientFixture(kind: kind)
        try fixture.write(try fixture.query("{ hero { name friends { name } } }"), stored)
        return (fixture, try fixture.query(document))
    }

    private func summary(_ misses: [CacheMiss]) -> [String] {
        misses.map { "\($0.path.map(\.description).joined(separator: ".")) \($0.recordKey) \($0.fieldKey ?? "-") \($0.reason)" }
    }

    @Test(arguments: CacheKind.allCases)
    func readGivesTheDataFoundAndOneErrorPerMissingField(_ kind: CacheKind) throws {
        let (fixture, query) = try fixture(kind)
        try fixture.store.removeRecord(for: "QUERY_ROOT.hero.friends.1")
        let result = try fixture.store.readPartial(query: query)
        #expect(OperationFixture.text(result.data) == #"{"hero":{"name":"R2-D2","height":null,"friends":[{"name":"Luke"},null]}}"#)
        #expect(summary(result.missingFields) == [
            "hero.height QUERY_ROOT.hero height missingField",
            "hero.friends.1 QUERY_ROOT.hero friends danglingReference",
        ])
        #expect(!result.isComplete)
    }

    @Test(arguments: CacheKind.allCases)
    func loadAndCacheOnlyFetchGiveThePartialData(_ kind: CacheKind) async throws {
        let (fixture, query) = try fixture(kind)
        let loaded = try await fixture.store.loadPartial(query: query)
        #expect(summary(loaded.missingFields) == ["hero.height QUERY_ROOT.hero height missingField"])
        let fetched = try await fixture.client.fetch(query: query, cachePolicy: .cacheOnly, returnPartialData: true)
        #expect(fetched.data == loaded.data)
        #expect(fetched.missingFields == loaded.missingFields)
        #expect(fixture.server.requestCount == 0)
        let whole = try fixture.query("{ hero { name } }")
        #expect(try await fixture.client.fetch(query: whole, cachePolicy: .cacheOnly, returnPartialData: true).isComplete)
    }

    @Test(arguments: CacheKind.allCases)
    func watchesDeliverPartialDataInsteadOfAMiss(_ kind: CacheKind) async throws {
        let (fixture, query) = try fixture(kind)
        var deliveries: [String] = []
        for await update in fixture.client.watch(query: query, cachePolicy: .cacheOnly, returnPartialData: true) {
            let result = try update.get()
            deliveries.append("\(result.missingFields.count):\(OperationFixture.text(result.data?["hero"]?.objectValue))")
            if deliveries.count == 1 { try fixture.write(query, #"{"hero":{"name":"R2-D2","height":0.96,"friends":null}}"#) }
            if deliveries.count == 2 { try fixture.store.removeRecord(for: "QUERY_ROOT.hero") }
            if deliveries.count == 3 { break }
        }
        #expect(deliveries == [
            #"1:{"name":"R2-D2","height":null,"friends":[{"name":"Luke"},{"name":"Han"}]}"#,
            #"0:{"name":"R2-D2","height":0.96,"friends":null}"#,
            "1:null",
        ])
    }
}
