import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Scalars are checked against the schema on read, with Apollo iOS's conversion rules (a value
/// Apollo cannot convert is a `wrongType` miss), and variables against their types.
@Suite struct ScalarFitTests {
    private func droid(_ fields: [String: CacheValue]) -> [Record] {
        [Record(key: .queryRoot, ["hero": .reference("Droid:2001")]),
         Record(key: "Droid:2001", fields.merging(["__typename": .string("Droid"), "id": .string("2001")]) { a, _ in a })]
    }

    @Test(arguments: CacheKind.allCases)
    func aValueThatDoesNotFitItsScalarIsAWrongTypeMissNamingTheType(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind)
        try fixture.merge(droid(["name": .object(["first": .string("R2")]), "active": .int(1)]))
        let explanation = try fixture.explain("{ hero { name ... on Droid { active } } }")
        #expect(explanation.result.misses.map(\.reason) == [.wrongType, .wrongType])
        #expect(explanation.groups[0].summary == #"hero.name — wrongType: Droid:2001.name holds {"first":"R2"}, which does not fit String!"#)
        #expect(explanation.diagnoses.first?.kind == .wrongType)
        #expect(explanation.diagnoses.first?.message.contains("Apollo iOS fails this read") == true)
    }

    @Test(arguments: CacheKind.allCases)
    func numbersInStringFieldsAndCustomScalarsReadAsApolloReadsThem(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind)
        try fixture.merge([Record(key: .queryRoot, ["hero": .reference("Human:1000")]),
                           Record(key: "Human:1000", ["__typename": .string("Human"), "id": .int(1000), "name": .string("Luke"),
                                                      "mass": .int(77), "born": .object(["year": .int(19)])])])
        let explanation = try fixture.explain("{ hero { id name ... on Human { mass born } } }")
        #expect(explanation.result.isComplete)
    }

    @Test(arguments: CacheKind.allCases)
    func aStringInAnIntFieldAndANumberInAnEnumListAreWrongType(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind)
        try fixture.merge(droid(["appearsIn": .list([.string("JEDI"), .int(4)])]) + [
            Record(key: .queryRoot, ["hero": .reference("Droid:2001"), "items": .list([.reference("Item:1")])]),
            Record(key: "Item:1", ["__typename": .string("Item"), "count": .string("three")]),
        ])
        let explanation = try fixture.explain("{ hero { ... on Droid { appearsIn } } items { count } }")
        #expect(explanation.result.misses.map(\.path) == [
            [.field("hero"), .field("appearsIn"), .index(1)],
            [.field("items"), .index(0), .field("count")],
        ])
        #expect(explanation.result.misses.allSatisfy { $0.reason == .wrongType })
    }

    @Test func anEnumVariableOutsideItsValuesIsInvalidVariablesNamingTheAllowedValues() throws {
        let fixture = try DiagnosisFixture(.memory)
        #expect {
            try fixture.explain("query($e: Episode) { hero(episode: $e) { name } }", #"{"e":"FOO"}"#)
        } throws: { error in
            guard case GraphQLCacheError.invalidVariables(let name, let message)? = error as? GraphQLCacheError else { return false }
            return name == "e" && message == #""FOO" is not a value of enum Episode; allowed values of Episode: NEWHOPE, EMPIRE, JEDI"#
        }
    }

    @Test func inputObjectsAreCheckedFieldByField() throws {
        let executor = GraphQLExecutor(configuration: CacheConfiguration(schema: try CacheSchema.load(sdl: [DiagnosisFixture.sdl])))
        let document = "mutation($r: ReviewInput!) { createReview(review: $r) }"
        let cases: [(String, String)] = [
            (#"{"r":{"stars":"five"}}"#, #"variable "$r": at .stars: expected a value of type Int!, found string "five""#),
            (#"{"r":{"stars":5,"rating":1}}"#, #"variable "$r": ReviewInput has no field "rating"; its fields: commentary, stars"#),
            (#"{"r":{"commentary":"ok"}}"#, #"variable "$r": at .stars: required field of ReviewInput (type Int!) was not provided"#),
            (#"{"r":{"stars":3000000000}}"#, #"variable "$r": at .stars: 3000000000 does not fit Int (a signed 32-bit integer)"#),
        ]
        for (variables, message) in cases {
            let values = try DiagnosisFixture.json(variables)
            #expect(thrownMessage { _ = try executor.operation(document: document, variables: values) } == message)
        }
        #expect(try executor.operation(document: document, variables: try DiagnosisFixture.json(#"{"r":{"stars":5}}"#)).variables.keys == ["r"])
    }

    @Test func anEditThatDoesNotFitTheSchemaNamesTheType() throws {
        let schema = try CacheSchema.load(sdl: [DiagnosisFixture.sdl])
        let droid = Record(key: "Droid:2001", ["__typename": .string("Droid"), "name": .string("R2-D2")])
        #expect(ScalarFit.editProblem(.int(42), fieldKey: "name", of: droid, schema: schema) == "Droid.name is String! in the schema: 42 does not fit")
        #expect(ScalarFit.editProblem(.string("Artoo"), fieldKey: "name", of: droid, schema: schema) == nil)
        #expect(ScalarFit.editProblem(.list([.string("SITH")]), fieldKey: "appearsIn", of: droid, schema: schema) == nil)
        #expect(ScalarFit.editProblem(.string("JEDI"), fieldKey: "appearsIn", of: droid, schema: schema) == #"Droid.appearsIn is [Episode] in the schema: "JEDI" does not fit"#)
        #expect(ScalarFit.editProblem(.int(1), fieldKey: "unknownField", of: droid, schema: schema) == nil)
    }
}
