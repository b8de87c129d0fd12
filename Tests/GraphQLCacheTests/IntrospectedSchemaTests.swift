import CacheTestSupport
import Testing
@testable import GraphQLCache

/// A schema asked of a server by introspection (`IntrospectedSchema`), from a scripted answer:
/// the SDL it writes loads and acts as the schema (possible types, non-null fields), and an
/// answer that is not a schema is an error naming why.
@Suite struct IntrospectedSchemaTests {
    private static func named(_ kind: String, _ name: String) -> String { #"{"kind":"\#(kind)","name":"\#(name)","ofType":null}"# }
    private static func nonNull(_ inner: String) -> String { #"{"kind":"NON_NULL","name":null,"ofType":\#(inner)}"# }
    private static func list(_ inner: String) -> String { #"{"kind":"LIST","name":null,"ofType":\#(inner)}"# }
    private static func field(_ name: String, _ type: String, args: String = "[]") -> String {
        #"{"name":"\#(name)","args":\#(args),"type":\#(type)}"#
    }

    /// An introspection answer as a server sends it: Query, an interface with two objects, a
    /// union, an enum, an input object with a default, a custom scalar and a custom directive.
    static let answer: String = {
        let id = nonNull(named("SCALAR", "ID")), string = named("SCALAR", "String")
        let character = named("INTERFACE", "Character")
        let types = [
            #"{"kind":"OBJECT","name":"Query","fields":["#
                + field("hero", character, args: #"[{"name":"episode","type":\#(named("ENUM", "Episode")),"defaultValue":"JEDI"}]"#) + ","
                + field("search", list(named("UNION", "SearchResult")), args: #"[{"name":"filter","type":\#(named("INPUT_OBJECT", "Filter")),"defaultValue":null}]"#)
                + #"],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null}"#,
            #"{"kind":"INTERFACE","name":"Character","fields":[\#(field("id", id)),\#(field("name", nonNull(string)))],"#
                + #""inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":[\#(named("OBJECT", "Human")),\#(named("OBJECT", "Droid"))]}"#,
            #"{"kind":"OBJECT","name":"Human","fields":[\#(field("id", id)),\#(field("name", nonNull(string))),\#(field("born", named("SCALAR", "Date")))],"#
                + #""inputFields":null,"interfaces":[\#(character)],"enumValues":null,"possibleTypes":null}"#,
            #"{"kind":"OBJECT","name":"Droid","fields":[\#(field("id", id)),\#(field("name", nonNull(string))),\#(field("primaryFunction", string))],"#
                + #""inputFields":null,"interfaces":[\#(character)],"enumValues":null,"possibleTypes":null}"#,
            #"{"kind":"UNION","name":"SearchResult","fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"#
                + #""possibleTypes":[\#(named("OBJECT", "Human")),\#(named("OBJECT", "Droid"))]}"#,
            #"{"kind":"ENUM","name":"Episode","fields":null,"inputFields":null,"interfaces":null,"enumValues":[{"name":"NEWHOPE"},{"name":"JEDI"}],"possibleTypes":null}"#,
            #"{"kind":"INPUT_OBJECT","name":"Filter","fields":null,"inputFields":[{"name":"text","type":\#(nonNull(string)),"defaultValue":null},"#
                + #"{"name":"limit","type":\#(named("SCALAR", "Int")),"defaultValue":"10"}],"interfaces":null,"enumValues":null,"possibleTypes":null}"#,
            #"{"kind":"SCALAR","name":"Date","fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"possibleTypes":null}"#,
            #"{"kind":"SCALAR","name":"String","fields":null,"inputFields":null,"interfaces":null,"enumValues":null,"possibleTypes":null}"#,
            #"{"kind":"OBJECT","name":"__Type","fields":[],"inputFields":null,"interfaces":[],"enumValues":null,"possibleTypes":null}"#,
        ]
        let directives = #"[{"name":"include","locations":["FIELD"],"args":[{"name":"if","type":\#(nonNull(named("SCALAR", "Boolean"))),"defaultValue":null}]},"#
            + #"{"name":"cost","locations":["FIELD_DEFINITION","OBJECT"],"args":[{"name":"weight","type":\#(named("SCALAR", "Int")),"defaultValue":"1"}]}]"#
        return #"{"data":{"__schema":{"queryType":{"name":"Query"},"mutationType":null,"subscriptionType":null,"#
            + #""types":[\#(types.joined(separator: ","))],"directives":\#(directives)}}}"#
    }()

    private func introspect(_ response: String) async throws -> IntrospectedSchema {
        let transport = ScriptedTransport()
        transport.enqueue(try TransportResponse(json: try OperationFixture.json(response)))
        defer { #expect(transport.requests.first?.operationName == "IntrospectionQuery") }
        return try await IntrospectedSchema.fetch(from: transport)
    }

    @Test func aScriptedIntrospectionAnswerBecomesSDLThatLoads() async throws {
        let introspected = try await introspect(Self.answer)
        #expect(introspected.typeCount == 9)   // __Type left out; String counted, not redeclared
        #expect(introspected.sdl.contains("type Query { hero(episode: Episode = JEDI): Character search(filter: Filter): [SearchResult] }"))
        #expect(introspected.sdl.contains("type Human implements Character { id: ID! name: String! born: Date }"))
        #expect(introspected.sdl.contains("input Filter { text: String! limit: Int = 10 }"))
        #expect(introspected.sdl.contains("directive @cost(weight: Int = 1) on FIELD_DEFINITION | OBJECT"))
        #expect(!introspected.sdl.contains("@include") && !introspected.sdl.contains("__Type") && !introspected.sdl.contains("scalar String"))
        let schema = try CacheSchema.load(sdl: [introspected.sdl])
        #expect(schema.matches(typename: "Droid", condition: "Character"))
        #expect(schema.matches(typename: "Human", condition: "SearchResult"))
    }

    /// With the introspected schema, a fragment on the interface matches by possible types (no
    /// guess) and null in a non-null field is a miss, as with a schema file.
    @Test(arguments: CacheKind.allCases)
    func theIntrospectedSchemaActsAsTheSchema(_ kind: CacheKind) async throws {
        let schema = try CacheSchema.load(sdl: [try await introspect(Self.answer).sdl])
        let store = CacheStore(cache: kind.makeCache(), configuration: CacheConfiguration(schema: schema))
        let query = try store.executor.operation(document: "{ hero { ... on Character { name } ... on Droid { primaryFunction } } }")
        try store.merge(records: RecordSet(records: [
            Record(key: .queryRoot, ["hero": .reference("Droid:1")]),
            Record(key: "Droid:1", ["__typename": .string("Droid"), "name": .null, "primaryFunction": .string("Astromech")]),
        ]))
        let read = try store.readResult(query: query)
        #expect(read.guesses.isEmpty)
        #expect(read.misses.map(\.reason) == [.nullValue])
        #expect(throws: GraphQLCacheError.self) { try store.executor.operation(document: "{ hero { nope } }") }
    }

    @Test func anAnswerWithErrorsAndNoSchemaQuotesTheErrors() async throws {
        await #expect {
            _ = try await introspect(#"{"data":null,"errors":[{"message":"GraphQL introspection is not allowed"}]}"#)
        } throws: { error in
            (error as? GraphQLCacheError)?.description
                == "invalid response data: the server answered the introspection query with GraphQL errors: GraphQL introspection is not allowed"
        }
    }

    @Test func aTypeNameThatIsNoGraphQLNameIsRefusedNamingWhere() throws {
        let data = try OperationFixture.json(#"{"__schema":{"queryType":{"name":"Query"},"types":[{"kind":"OBJECT","name":"Query { x: Int } type Evil","fields":[]}]}}"#)
        #expect {
            _ = try IntrospectedSchema(data: data)
        } throws: { error in
            (error as? GraphQLCacheError)?.description
                == #"invalid schema: introspection result: types[0] has the name "Query { x: Int } type Evil", which is not a GraphQL name"#
        }
        #expect(throws: GraphQLCacheError.self) { _ = try IntrospectedSchema(data: try OperationFixture.json(#"{"other":1}"#)) }
    }
}
