import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Apollo iOS cache tests (apollo-ios-dev `Tests/ApolloTests/Cache/`) that CacheLens used to
/// fail, each reproduced on memory and SQLite and named after the Apollo test it comes from.
@Suite struct ApolloCacheParityTests {
    private static let heroSDL = """
        type Query { hero(isJedi: Boolean): Hero heroBy(name: String!, isJedi: Boolean!): Hero \
        animals(species: [String!]!, habitat: String!): [Animal!]! character: Character }
        type Hero { name: String! age: Int isJedi: Boolean }
        type Animal { species: String! habitat: String! }
        interface Character { id: ID! name: String }
        type Human implements Character { id: ID! name: String }
        extend type Query @fieldPolicy(forField: "hero", keyArgs: "isJedi")
          @fieldPolicy(forField: "heroBy", keyArgs: "name isJedi")
          @fieldPolicy(forField: "animals", keyArgs: "species habitat")
        extend interface Character @typePolicy(keyFields: "id")
        """

    private func heroFixture(_ backend: CacheKind) throws -> ClientFixture {
        ClientFixture(kind: backend, configuration: CacheConfiguration(schema: try CacheSchema.load(sdl: [Self.heroSDL])))
    }

    private func seed(_ fixture: ClientFixture, _ records: [Record]) throws {
        try fixture.store.merge(records: RecordSet(records: records))
    }

    /// FieldPolicyTests.test_fieldPolicy_withBoolKeyArgument_resolvesCorrectCacheKey.
    @Test(arguments: CacheKind.allCases)
    func fieldPolicyWithBoolKeyArgumentResolvesHeroTrue(_ backend: CacheKind) throws {
        let fixture = try heroFixture(backend)
        try seed(fixture, [Record(key: "Hero:true", ["__typename": .string("Hero"), "name": .string("Luke"), "isJedi": .bool(true)])])
        let outcome = fixture.fetch(try fixture.query("query($j: Boolean) { hero(isJedi: $j) { name isJedi } }", #"{"j":true}"#),
                                    .returnCacheDataDontFetch)
        #expect(outcome.summary == [#"cache:{"hero":{"name":"Luke","isJedi":true}}"#])
    }

    /// FieldPolicyTests.test_fieldPolicy_withMultipleKeyArguments (a String and a Boolean).
    @Test(arguments: CacheKind.allCases)
    func fieldPolicyWithSeveralArgumentsIncludingABoolean(_ backend: CacheKind) throws {
        let fixture = try heroFixture(backend)
        try seed(fixture, [Record(key: "Hero:Luke+false", ["name": .string("Luke"), "age": .int(19)])])
        let outcome = fixture.fetch(try fixture.query(#"{ heroBy(name: "Luke", isJedi: false) { name age } }"#),
                                    .returnCacheDataDontFetch)
        #expect(outcome.summary == [#"cache:{"heroBy":{"name":"Luke","age":19}}"#])
    }

    /// FieldPolicyTests: `Animal:Lion+Savanna` cached, no `QUERY_ROOT` at all; the field policy
    /// never needs the parent record.
    @Test(arguments: CacheKind.allCases)
    func fieldPolicyResolvesWithoutItsParentRecord(_ backend: CacheKind) throws {
        let fixture = try heroFixture(backend)
        try seed(fixture, [Record(key: "Animal:Lion+Savanna", ["species": .string("Lion"), "habitat": .string("Savanna")])])
        let query = try fixture.query(#"{ animals(species: ["Lion"], habitat: "Savanna") { species } }"#)
        #expect(fixture.fetch(query, .returnCacheDataDontFetch).summary == [#"cache:{"animals":[{"species":"Lion"}]}"#])
        let partial = try fixture.query(#"{ animals(species: ["Lion"], habitat: "Savanna") { species } hero { name } }"#)
        let read = try fixture.store.readResult(query: partial)
        #expect(read.misses.map(\.reason) == [.missingRecord])
        #expect(OperationFixture.text(read.data) == #"{"animals":[{"species":"Lion"}]}"#)
    }

    /// CacheKeyResolution (SchemaMetadata): an object of a typename the schema does not know,
    /// in a field declared as an interface with `@typePolicy`, is keyed by the interface's fields.
    @Test(arguments: CacheKind.allCases)
    func unknownTypenameTakesTheInterfaceKeyFields(_ backend: CacheKind) throws {
        let fixture = try heroFixture(backend)
        let changed = try fixture.write(try fixture.query("{ character { id name } }"),
                                        #"{"character":{"__typename":"Wookiee","id":"c1","name":"Chewie"}}"#)
        #expect(changed.contains(FieldKey(record: "Wookiee:c1", field: "name")))
        #expect(try fixture.store.loadRecord(forKey: "QUERY_ROOT")?.fields["character"] == .reference("Wookiee:c1"))
    }

    /// ReadWriteFromStoreTests.test_updateCacheMutation_updateNestedField_updatesObjects, with
    /// a nullable field that was absent stays absent after `update(query:)`; set fields are written.
    @Test(arguments: CacheKind.allCases)
    func updateWritesBackOnlyWhatTheDataHeldOrTheClosureSet(_ backend: CacheKind) throws {
        let fixture = ClientFixture.withIDs(backend)
        try fixture.write(try fixture.query("{ hero { id name } }"), #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
        let query = try fixture.query("{ hero { id name nickname appearsIn } }")
        try fixture.store.withinReadWriteTransaction { transaction in
            try transaction.update(query: query) { data in
                guard case .object(var hero)? = data["hero"] else { return }
                hero["name"] = .string("Artoo")
                hero["appearsIn"] = .array([.string("NEWHOPE")])
                data["hero"] = .object(hero)
            }
        }
        let record = try #require(try fixture.store.loadRecord(forKey: "Droid:2001"))
        #expect(record.fields["name"] == .string("Artoo"))
        #expect(record.fields["appearsIn"] == .list([.string("NEWHOPE")]))
        #expect(record.fields["nickname"] == nil)
        #expect(try fixture.store.readResult(query: query).misses.map(\.fieldKey) == ["nickname"])
    }

    /// FetchQueryTests: a server result holds exactly the selection, as a cache result does
    /// (no `__typename` that the client added to the request).
    @Test(arguments: CacheKind.allCases)
    func serverResultsHoldExactlyTheSelection(_ backend: CacheKind) throws {
        let fixture = ClientFixture.withIDs(backend)
        let query = try fixture.query("{ hero { id name } }")
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}"#)
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}"#)
        #expect(fixture.fetch(query, .fetchIgnoringCacheData).summary == [#"server:{"hero":{"id":"2001","name":"R2-D2"}}"#])
        #expect(fixture.fetch(query, .returnCacheDataAndFetch).summary ==
                [#"cache:{"hero":{"id":"2001","name":"R2-D2"}}"#, #"server:{"hero":{"id":"2001","name":"R2-D2"}}"#])
        #expect(try fixture.store.loadRecord(forKey: "Droid:2001")?.fields["__typename"] == .string("Droid"))
    }

    /// FetchQueryTests (networkFirst): the cache's answer after a network failure says why.
    @Test(arguments: CacheKind.allCases)
    func networkFirstFallingBackToTheCacheCarriesTheNetworkError(_ backend: CacheKind) throws {
        let fixture = ClientFixture.withIDs(backend)
        let query = try fixture.query("{ hero { name } }")
        try fixture.write(query, #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
        fixture.server.enqueueFailure("server down")
        let outcome = fixture.fetch(query, .networkFirst)
        #expect(outcome.summary == [#"cache:{"hero":{"name":"R2-D2"}}"#])
        #expect(outcome.results.first?.networkError == .network(.scripted("server down")))
    }

    /// WatchQueryTests: three watchers of one query, then a delete: one request is sent (the
    /// identical fetches are deduplicated) and each watcher delivers once.
    @Test(arguments: CacheKind.allCases)
    func threeWatchersRefetchingAfterADeleteSendOneRequest(_ backend: CacheKind) throws {
        let fixture = ClientFixture.withIDs(backend)
        let query = try fixture.query("{ hero { id name } }")
        try fixture.write(query, #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
        let watches = (0..<3).map { _ in fixture.watch(query) }
        #expect(fixture.server.requestCount == 0)
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"Artoo"}}}"#)
        try fixture.store.removeRecord(for: "Droid:2001")
        fixture.client.waitUntilIdle()
        #expect(fixture.server.requestCount == 1)
        for (_, log) in watches {
            // Whether a watcher's answer came from the request or from the cache the request
            // filled depends on timing; that it came once does not.
            let data = log.all.map { (try? $0.get()).map { OperationFixture.text($0.data) } }
            #expect(data == [#"{"hero":{"id":"2001","name":"R2-D2"}}"#, #"{"hero":{"id":"2001","name":"Artoo"}}"#])
        }
    }

    /// FieldPolicyTests with a `FieldPolicy.Provider` instead of the directive: a closure from
    /// the field, its arguments and its path to one key or a list of keys.
    @Test(arguments: CacheKind.allCases)
    func aProgrammaticFieldPolicyProviderResolvesOneKeyOrAList(_ kind: CacheKind) throws {
        var configuration = CacheConfiguration(schema: try CacheSchema.load(sdl: [
            "type Query { heroNamed(name: String!): Hero heroesNamed(names: [String!]!): [Hero!]! } type Hero { name: String! }",
        ]))
        configuration.fieldPolicyProvider = { field in
            switch (field.name, field.arguments["name"], field.arguments["names"]) {
            case ("heroNamed", .string(let name)?, _):
                #expect(field.path == [.field("hero")])
                return .one(CacheKeyInfo(id: name))
            case ("heroesNamed", _, .array(let names)?):
                return .list(names.compactMap(\.stringValue).map { CacheKeyInfo(id: $0) })
            default: return nil
            }
        }
        let fixture = ClientFixture(kind: kind, configuration: configuration)
        try seed(fixture, [Record(key: "Hero:Luke", ["name": .string("Luke")]), Record(key: "Hero:Leia", ["name": .string("Leia")])])
        let query = try fixture.query(#"{ hero: heroNamed(name: "Luke") { name } heroesNamed(names: ["Leia", "Luke"]) { name } }"#)
        #expect(fixture.fetch(query, .returnCacheDataDontFetch).summary ==
                [#"cache:{"hero":{"name":"Luke"},"heroesNamed":[{"name":"Leia"},{"name":"Luke"}]}"#])
    }
}
