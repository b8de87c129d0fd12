import Testing
@testable import GraphQLCache

/// Response data to records, after Apollo iOS's normalization tests.
@Suite struct NormalizeTests {
    @Test func objectsWithoutIdsAreStoredByPath() throws {
        let records = try OperationFixture().normalize("{ hero { name } }", data: #"{"hero":{"__typename":"Droid","name":"R2-D2"}}"#)
        #expect(records[.queryRoot]?["hero"] == .reference("QUERY_ROOT.hero"))
        #expect(records["QUERY_ROOT.hero"]?.fields == ["__typename": .string("Droid"), "name": .string("R2-D2")])
    }

    @Test func argumentsArePartOfPathKeys() throws {
        let records = try OperationFixture().normalize("{ hero(episode: JEDI) { name } }", data: #"{"hero":{"name":"R2-D2"}}"#)
        #expect(records[.queryRoot]?["hero(episode:JEDI)"] == .reference("QUERY_ROOT.hero(episode:JEDI)"))
        #expect(records["QUERY_ROOT.hero(episode:JEDI)"]?["name"] == .string("R2-D2"))
    }

    @Test func listsWithoutIdsGetIndexedPaths() throws {
        let records = try OperationFixture().normalize("{ hero { friends { name } } }",
                                                       data: #"{"hero":{"friends":[{"name":"Luke Skywalker"},{"name":"Han Solo"}]}}"#)
        #expect(records["QUERY_ROOT.hero"]?["friends"] == .list([.reference("QUERY_ROOT.hero.friends.0"), .reference("QUERY_ROOT.hero.friends.1")]))
        #expect(records["QUERY_ROOT.hero.friends.1"]?["name"] == .string("Han Solo"))
    }

    @Test func objectsWithIdsAreStoredUnderTheirIdAndChildPathsRestartThere() throws {
        let fixture = OperationFixture(configuration: CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"])))
        let records = try fixture.normalize("{ hero { id name friends { name } } }",
                                            data: #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[{"__typename":"Human","name":"Luke"}]}}"#)
        #expect(records[.queryRoot]?["hero"] == .reference("Droid:2001"))
        #expect(records["Droid:2001"]?["friends"] == .list([.reference("Droid:2001.friends.0")]))
        #expect(records["Droid:2001.friends.0"]?["name"] == .string("Luke"))
    }

    @Test func bareIdsAreTheLegacyCacheKeyForObject() throws {
        let fixture = OperationFixture(configuration: CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"], format: .bare)))
        let records = try fixture.normalize("{ hero { id } }", data: #"{"hero":{"__typename":"Droid","id":"2001"}}"#)
        #expect(records[.queryRoot]?["hero"] == .reference("2001"))
    }

    @Test func uniqueKeyGroupReplacesTheTypename() throws {
        let configuration = CacheConfiguration(cacheKeyResolver: { _, _ in CacheKeyInfo(id: "δ", uniqueKeyGroup: "GreekLetters") })
        let records = try OperationFixture(configuration: configuration).normalize("{ letter { lowercase } }",
                                                                                    data: #"{"letter":{"__typename":"Delta","lowercase":"δ"}}"#)
        #expect(records[.queryRoot]?["letter"] == .reference("GreekLetters:δ"))
    }

    @Test func idsFromNumbersButNeverFromBooleans() throws {
        let fixture = OperationFixture(configuration: CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"])))
        let records = try fixture.normalize("{ a { id } b { id } }", data: #"{"a":{"__typename":"Omega","id":0},"b":{"__typename":"Omega","id":true}}"#)
        #expect(records[.queryRoot]?["a"] == .reference("Omega:0"))
        #expect(records[.queryRoot]?["b"] == .reference("QUERY_ROOT.b"))
    }

    @Test func aliasesOfOneFieldMergeIntoOneRecord() throws {
        let records = try OperationFixture().normalize("{ hero { name } alias: hero { id } }",
                                                       data: #"{"hero":{"name":"R2-D2"},"alias":{"id":"2001"}}"#)
        #expect(records["QUERY_ROOT.hero"]?.fields == ["name": .string("R2-D2"), "id": .string("2001")])
        #expect(records[.queryRoot]?.fields.count == 1)
    }

    /// With the schema, so that `Human` is known not to be a supertype of `Droid` (without one,
    /// the heuristic fragment matching of Apollo Client would take `property` for `Human` too).
    @Test func typeCasesWithAliasesStoreTheFieldName() throws {
        let document = "{ hero { name ... on Droid { property: primaryFunction } ... on Human { property: homePlanet } } }"
        let records = try OperationFixture.starWars(extensions: false).normalize(document, data: #"{"hero":{"__typename":"Droid","name":"R2-D2","property":"Astromech"}}"#)
        #expect(records["QUERY_ROOT.hero"]?["primaryFunction"] == .string("Astromech"))
        #expect(records["QUERY_ROOT.hero"]?["homePlanet"] == nil)
    }

    @Test func perTypeArgumentsMakeTheirOwnFieldKeys() throws {
        let document = "{ hero { ... on Human { height(unit: FOOT) } ... on Droid { height: primaryFunction } } }"
        let records = try OperationFixture().normalize(document, data: #"{"hero":{"__typename":"Human","height":5.905}}"#)
        #expect(records["QUERY_ROOT.hero"]?["height(unit:FOOT)"] == .double(5.905))
    }

    @Test func nullsAreStoredAsNull() throws {
        let records = try OperationFixture().normalize("{ hero { name friends { name } } }", data: #"{"hero":{"name":null,"friends":null}}"#)
        #expect(records["QUERY_ROOT.hero"]?.fields == ["name": .null, "friends": .null])
    }

    @Test func nestedListsKeepEveryIndexInThePath() throws {
        let records = try OperationFixture().normalize("{ scores { value } }", data: #"{"scores":[[{"value":1},{"value":2}],[{"value":3}]]}"#)
        #expect(records[.queryRoot]?["scores"] == .list([
            .list([.reference("QUERY_ROOT.scores.0.0"), .reference("QUERY_ROOT.scores.0.1")]),
            .list([.reference("QUERY_ROOT.scores.1.0")]),
        ]))
        #expect(records["QUERY_ROOT.scores.0.1"]?["value"] == .int(2))
    }

    @Test func typenameIsStoredEvenWhenNotSelected() throws {
        let records = try OperationFixture().normalize("{ hero { name } }", data: #"{"hero":{"__typename":"Droid","name":"R2-D2","extra":1}}"#)
        #expect(records["QUERY_ROOT.hero"]?.fields == ["__typename": .string("Droid"), "name": .string("R2-D2")])
    }

    @Test func typePolicyEscapesAndJoinsSeveralKeyFields() throws {
        let sdl = """
            type Query { dog: Dog }
            type Dog { id: ID! name: String! }
            extend type Dog @typePolicy(keyFields: "id name")
            """
        let fixture = OperationFixture(configuration: CacheConfiguration(schema: try CacheSchema.load(sdl: [sdl])))
        let records = try fixture.normalize("{ dog { id name } }", data: #"{"dog":{"__typename":"Dog","id":"10","name":"Be\\ag+le"}}"#)
        #expect(records[.queryRoot]?["dog"] == .reference(#"Dog:10+Be\\ag\+le"#))
    }

    @Test func typePolicyIsInheritedFromAnInterfaceWithTheConcreteTypename() throws {
        let records = try OperationFixture.starWars().normalize("{ hero { id name } }",
                                                                data: #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
        #expect(records[.queryRoot]?["hero"] == .reference("Droid:2001"))
    }

    @Test func programmaticIdsComeBeforeTypePolicies() throws {
        let schema = try CacheSchema.load(sdl: [try OperationFixture.sampleFile("starwars.graphqls"),
                                                try OperationFixture.sampleFile("starwars-extensions.graphqls")])
        let configuration = CacheConfiguration(schema: schema, cacheKeyResolver: { _, object in
            object["name"]?.stringValue.map { CacheKeyInfo(id: $0) }
        })
        let records = try OperationFixture(configuration: configuration).normalize("{ hero { id name } }",
            data: #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
        #expect(records[.queryRoot]?["hero"] == .reference("Droid:R2-D2"))
    }

    @Test func missingKeyFieldMeansNoId() throws {
        let records = try OperationFixture.starWars().normalize("{ hero { name } }", data: #"{"hero":{"__typename":"Droid","name":"R2-D2"}}"#)
        #expect(records[.queryRoot]?["hero"] == .reference("QUERY_ROOT.hero"))
    }

    @Test func publishReportsChangedKeysAndRepublishReportsNone() throws {
        let fixture = OperationFixture(configuration: CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"])))
        let document = "{ hero { id name } }"
        let data = #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#
        #expect(try fixture.write(document, data: data) == ["Droid:2001.__typename", "Droid:2001.id", "Droid:2001.name", "QUERY_ROOT.hero"])
        #expect(try fixture.write(document, data: data) == [])
        #expect(try fixture.write(document, data: #"{"hero":{"__typename":"Droid","id":"2001","name":"Artoo"}}"#) == ["Droid:2001.name"])
    }

    @Test func includeAndSkipFollowVariables() throws {
        let document = "query($withName: Boolean!) { hero { id name @include(if: $withName) } }"
        let records = try OperationFixture().normalize(document, #"{"withName":false}"#, data: #"{"hero":{"id":"1"}}"#)
        #expect(records["QUERY_ROOT.hero"]?.fields == ["id": .string("1")])
    }

    @Test func namedFragmentsAreInlined() throws {
        let document = "query { hero { ...Info } } fragment Info on Character { name }"
        let records = try OperationFixture().normalize(document, data: #"{"hero":{"__typename":"Character","name":"R2-D2"}}"#)
        #expect(records["QUERY_ROOT.hero"]?["name"] == .string("R2-D2"))
    }

    @Test func dataMissingASelectedFieldIsAnErrorWithItsPath() throws {
        #expect {
            try OperationFixture().normalize("{ hero { name friends { name } } }", data: #"{"hero":{"name":"R2","friends":[{}]}}"#)
        } throws: { error in
            guard case GraphQLCacheError.invalidData(let path, _)? = error as? GraphQLCacheError else { return false }
            return path == [.field("hero"), .field("friends"), .index(0), .field("name")]
        }
    }
}
