import Testing
@testable import GraphQLCache

/// Loading SDL and extension files with policies, and the load errors that name the problem.
@Suite struct SchemaTests {
    private func loadError(_ sdl: [String]) -> String? {
        do {
            _ = try CacheSchema.load(sdl: sdl)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func sampleSchemaAndExtensionsLoadWithTheirPolicies() throws {
        let schema = try CacheSchema.load(sdl: [try OperationFixture.sampleFile("starwars.graphqls"),
                                                try OperationFixture.sampleFile("starwars-extensions.graphqls")])
        #expect(schema.typePolicies["Character"] == ["id"])
        #expect(schema.keyFields(for: "Human") == ["id"])
        #expect(schema.fieldPolicies["Query"]?["character"] == FieldPolicy(keyArgs: [["id"]]))
        #expect(schema.matches(typename: "Droid", condition: "SearchResult"))
        #expect(schema.matches(typename: "Human", condition: "Character"))
        #expect(!schema.matches(typename: "Starship", condition: "Character"))
    }

    @Test func extensionsMayComeInSeveralFiles() throws {
        let schema = try CacheSchema.load(sdl: [
            "type Query { a: A b: B } type A { id: ID! } type B { key: String! }",
            #"extend type A @typePolicy(keyFields: "id")"#,
            #"extend type B @typePolicy(keyFields: "key")"#,
        ])
        #expect(schema.typePolicies == ["A": ["id"], "B": ["key"]])
    }

    @Test func syntaxErrorsNameTheFileLineAndColumn() {
        let message = loadError(["type Query { a: String }", "type B {"])
        #expect(message?.contains("SDL #2") == true)
        #expect(message?.contains("line 1, column 9") == true)
    }

    @Test func unknownTypesAreInvalidSDL() {
        #expect(loadError(["type Query { a: Nope }"])?.contains("Nope") == true)
    }

    @Test func keyFieldsThatDoNotExistAreLoadErrorsNamingThem() {
        let message = loadError(["type Query { a: A } type A { id: ID! }", #"extend type A @typePolicy(keyFields: "id uuid")"#])
        #expect(message?.contains(#"key field "uuid" does not exist on A"#) == true)
    }

    @Test func conflictingInterfacePoliciesAreLoadErrorsNamingThem() {
        let message = loadError(["""
            type Query { a: A }
            interface Node { id: ID! }
            interface Named { name: String! }
            type A implements Node & Named { id: ID! name: String! }
            extend interface Node @typePolicy(keyFields: "id")
            extend interface Named @typePolicy(keyFields: "name")
            """])
        #expect(message?.contains("conflicting @typePolicy for A") == true)
        #expect(message?.contains("Node") == true && message?.contains("Named") == true)
    }

    @Test func ownPolicyResolvesAnInterfaceConflict() throws {
        let schema = try CacheSchema.load(sdl: ["""
            type Query { a: A }
            interface Node { id: ID! }
            interface Named { name: String! }
            type A implements Node & Named { id: ID! name: String! }
            extend interface Node @typePolicy(keyFields: "id")
            extend interface Named @typePolicy(keyFields: "name")
            extend type A @typePolicy(keyFields: "name id")
            """])
        #expect(schema.keyFields(for: "A") == ["name", "id"])
    }

    @Test func fieldPoliciesMustNameAFieldAndItsArguments() {
        #expect(loadError(["type Query { a(id: ID!): String }", #"extend type Query @fieldPolicy(forField: "b", keyArgs: "id")"#])?
            .contains(#"field "b" does not exist"#) == true)
        #expect(loadError(["type Query { a(id: ID!): String }", #"extend type Query @fieldPolicy(forField: "a", keyArgs: "uid")"#])?
            .contains(#"argument "uid" does not exist"#) == true)
    }
}
