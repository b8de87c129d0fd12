import CacheTestSupport
import Testing
@testable import GraphQLCache

/// A server result's dependent keys are found from the records it normalized to, not by reading
/// the operation back from them: they must still cover every key that read depends on, so a
/// watcher whose last result came from the server hears every change that would alter it.
@Suite struct ServerResultDependencyTests {
    /// Documents and answers that exercise aliases, arguments, type cases, lists of lists,
    /// objects without ids, nulls, `@include` and partial data with errors.
    private static let cases: [(document: String, response: String)] = [
        ("{ hero { __typename name } }", #"{"data":{"hero":{"__typename":"Droid","name":"R2-D2"}}}"#),
        ("{ a: hero(episode: JEDI) { name } b: hero(episode: EMPIRE) { name id } }",
         #"{"data":{"a":{"name":"R2-D2"},"b":{"name":"Luke","id":"1000"}}}"#),
        ("{ hero { __typename ... on Droid { primaryFunction } ... on Human { height } friends { id name } } }",
         #"{"data":{"hero":{"__typename":"Droid","primaryFunction":"Astromech","friends":[{"id":"1","name":"Luke"},{"id":"2","name":"Han"}]}}}"#),
        ("{ grid { cells { id value } } }",
         #"{"data":{"grid":{"cells":[[{"id":"c1","value":1}],[{"id":"c2","value":2},{"id":"c3","value":null}]]}}}"#),
        ("query Q($full: Boolean!) { hero { name friends @include(if: $full) { name } } }",
         #"{"data":{"hero":{"name":"R2-D2"}}}"#),
        ("{ hero { name } droid(id: \"2000\") { name } }",
         #"{"data":{"hero":{"name":"R2-D2"},"droid":null},"errors":[{"message":"no such droid","path":["droid"]}]}"#),
    ]

    @Test(arguments: CacheKind.allCases)
    func serverResultDependsOnEverythingAReadOfItDependsOn(_ kind: CacheKind) throws {
        for (document, response) in Self.cases {
            let fixture = ClientFixture.withIDs(kind)
            let query = try fixture.query(document, #"{"full":false}"#)
            try fixture.respond(response)
            let outcome = fixture.fetch(query, .fetchIgnoringCacheData)
            let served = try #require(outcome.results.first, "\(document)")
            let read = try fixture.store.readResult(query: query)
            #expect(read.isComplete, "\(document)")
            #expect(read.dependentKeys.isSubset(of: served.dependentKeys), "\(document)")
            // Anything more is a `__typename` the data carried without the read visiting it.
            #expect(served.dependentKeys.subtracting(read.dependentKeys).allSatisfy { $0.field == "__typename" },
                    "\(document)")
        }
    }

    /// A deferred fragment not yet delivered: its fields are not in the records, and the result
    /// still depends on them (as a read of the cache does), so a watcher hears them arrive.
    @Test(arguments: CacheKind.allCases)
    func serverResultDependsOnTheFieldsOfAFragmentNotYetDelivered(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query("{ animal { __typename species ... @defer(label: \"g\") { genus } } }")
        try fixture.respond(#"{"data":{"animal":{"__typename":"Animal","species":"Canis latrans"}}}"#)
        let served = try #require(fixture.fetch(query, .fetchIgnoringCacheData).results.first)
        #expect(served.dependentKeys.contains(FieldKey(record: "QUERY_ROOT.animal", field: "genus")))
        #expect(served.dependentKeys.contains(FieldKey(record: "QUERY_ROOT.animal", field: "species")))
    }
}
