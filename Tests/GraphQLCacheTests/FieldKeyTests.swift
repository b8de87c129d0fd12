import Testing
@testable import GraphQLCache

/// Apollo iOS's `CacheKeyForFieldTests` and `SelectionField_CacheKeyForFieldTests`, through
/// documents: the field key a write stores is the one Apollo computes.
@Suite struct FieldKeyTests {
    /// The field key stored for `hero` by `document` with `variables`.
    private func heroKey(_ arguments: String, variables: String = "{}", definitions: String = "") throws -> String {
        let fixture = OperationFixture()
        let document = "query Q\(definitions) { hero\(arguments) }"
        let records = try fixture.normalize(document, variables, data: #"{"hero":"x"}"#)
        return try #require(records[.queryRoot]?.fields.keys.first)
    }

    @Test func fieldWithNameOnlyIsTheName() throws {
        #expect(try heroKey("") == "hero")
    }

    @Test func aliasIsNeverPartOfTheKey() throws {
        let records = try OperationFixture().normalize(#"{ r2: hero(episode: JEDI) }"#, data: #"{"r2":"x"}"#)
        #expect(records[.queryRoot]?.fields.keys.first == "hero(episode:JEDI)")
    }

    @Test func scalarArgumentsPrintUnquoted() throws {
        #expect(try heroKey(#"(episode: "JEDI")"#) == "hero(episode:JEDI)")
        #expect(try heroKey("(episode: JEDI)") == "hero(episode:JEDI)")
        #expect(try heroKey("(episode: 1)") == "hero(episode:1)")
        #expect(try heroKey("(episode: 1.99)") == "hero(episode:1.99)")
        #expect(try heroKey("(episode: null)") == "hero(episode:null)")
        #expect(try heroKey("(episode: true)") == "hero(episode:true)")
    }

    @Test func inputObjectsPrintBracketedWithSortedMembers() throws {
        #expect(try heroKey("(nested: {foo: 1, bar: null})") == "hero([nested:bar:null,foo:1])")
        #expect(try heroKey(#"(nested: {foo: 1, bar: "2"})"#) == "hero([nested:bar:2,foo:1])")
        #expect(try heroKey("(nested: {a: {z: 1, y: 2}})") == "hero([nested:[a:y:2,z:1]])")
    }

    @Test func listsOfScalarsPrintLikeSwiftArrays() throws {
        #expect(try heroKey("(episodes: [1, 1, 2])") == "hero(episodes:[1, 1, 2])")
        #expect(try heroKey("(episodes: [JEDI, EMPIRE])") == "hero(episodes:[JEDI, EMPIRE])")
    }

    @Test func listsOfInputObjectsPrintEachObject() throws {
        #expect(try heroKey("(list: [{b: 2, a: 1}, {c: 3}])") == "hero(list:[a:1,b:2,c:3])")
    }

    @Test func argumentsAreOrderIndependent() throws {
        #expect(try heroKey(#"(foo: "a", bar: "b")"#) == "hero(bar:b,foo:a)")
        #expect(try heroKey(#"(bar: "b", foo: "a")"#) == "hero(bar:b,foo:a)")
        #expect(try heroKey(#"(episode: JEDI, nested: {foo: "a", bar: "b"})"#)
            == (try heroKey(#"(episode: JEDI, nested: {bar: "b", foo: "a"})"#)))
    }

    @Test func variablesAreSubstituted() throws {
        #expect(try heroKey("(episode: $episode)", variables: #"{"episode":"JEDI"}"#, definitions: "($episode: Episode)")
            == "hero(episode:JEDI)")
        #expect(try heroKey("(nested: {foo: $a, bar: $b})", variables: #"{"a":1,"b":"2"}"#, definitions: "($a: Int, $b: String)")
            == "hero([nested:bar:2,foo:1])")
    }

    @Test func omittedNullableVariableDropsTheArgument() throws {
        #expect(try heroKey("(episode: $episode)", definitions: "($episode: Episode)") == "hero")
    }

    @Test func explicitNullVariableIsNull() throws {
        #expect(try heroKey("(episode: $episode)", variables: #"{"episode":null}"#, definitions: "($episode: Episode)")
            == "hero(episode:null)")
        #expect(try heroKey("(nested: {foo: $a, bar: $b})", variables: #"{"a":1,"b":null}"#, definitions: "($a: Int, $b: String)")
            == "hero([nested:bar:null,foo:1])")
    }

    @Test func variableDefaultsApplyWhenOmitted() throws {
        #expect(try heroKey("(episode: $episode)", definitions: "($episode: Episode = EMPIRE)") == "hero(episode:EMPIRE)")
    }

    @Test func missingRequiredVariableIsAnErrorNamingIt() throws {
        #expect {
            try heroKey("(episode: $episode)", definitions: "($episode: Episode!)")
        } throws: { error in
            guard case GraphQLCacheError.invalidVariables(let name, _)? = error as? GraphQLCacheError else { return false }
            return name == "episode"
        }
    }

    @Test func formatterMatchesApolloForDirectValues() {
        #expect(FieldKeyFormatter.key(name: "hero", arguments: [], variables: [:]) == "hero")
        let nested: [(name: String, value: ArgumentValue)] = [("nested", .literal(.object(["foo": .int(1), "bar": .null])))]
        #expect(FieldKeyFormatter.key(name: "hero", arguments: nested, variables: [:]) == "hero([nested:bar:null,foo:1])")
    }
}
