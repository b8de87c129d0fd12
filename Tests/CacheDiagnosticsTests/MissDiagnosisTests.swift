@testable import CacheDiagnostics
import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Each diagnosis kind, on a cache made for it, on memory and SQLite.
@Suite struct MissDiagnosisTests {
    @Test(arguments: CacheKind.allCases)
    func otherArgumentsAreArgumentsDifferNamingTheArgument(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind)
        try fixture.write(#"{ hero(episode: JEDI) { __typename id name } }"#, data: #"{"hero":{"__typename":"Human","id":"1000","name":"Luke"}}"#)
        let explanation = try fixture.explain("{ hero(episode: EMPIRE) { name } }")
        let diagnosis = try #require(explanation.diagnoses.first)
        #expect(diagnosis.kind == .argumentsDiffer)
        #expect(diagnosis.message == "QUERY_ROOT holds hero(episode:JEDI) but not hero(episode:EMPIRE): the field was fetched with other arguments (differing: episode).")
    }

    @Test(arguments: CacheKind.allCases)
    func aRecordNamedByTheArgumentsWithoutAFieldPolicyIsNoFieldPolicyWithTheSDLLine(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind)
        try fixture.write("{ hero { __typename id name } }", data: #"{"hero":{"__typename":"Human","id":"1000","name":"Luke"}}"#)
        let explanation = try fixture.explain(#"{ human(id: "1000") { name } }"#)
        #expect(explanation.diagnoses == [Diagnosis(
            kind: .noFieldPolicy,
            message: "human(id:1000) is not stored on QUERY_ROOT, but Human:1000, the record its id argument names, is in the cache: without a @fieldPolicy the cache does not know that human(id:) returns it.",
            suggestion: #"extend type Query @fieldPolicy(forField: "human", keyArgs: "id")"#, keys: ["Human:1000"])])
    }

    @Test(arguments: CacheKind.allCases)
    func aFieldPolicyKeyIsExplainedAsSuch(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind, extensions: [DiagnosisFixture.characterIDs, DiagnosisFixture.humanPolicy])
        try fixture.write("{ hero { __typename id name } }", data: #"{"hero":{"__typename":"Human","id":"1000","name":"Luke"}}"#)
        #expect(try fixture.explain(#"{ human(id: "1000") { name } }"#).result.isComplete)
        let explanation = try fixture.explain(#"{ human(id: "1004") { name } }"#)
        #expect(explanation.groups.map(\.summary) == ["human — danglingReference: human(id:1004) resolves by @fieldPolicy to Human:1004, which is not in the cache"])
        let diagnosis = try #require(explanation.diagnoses.first)
        #expect(diagnosis.kind == .fieldPolicyKey)
        #expect(diagnosis.message.contains(#"@fieldPolicy(forField: "human", keyArgs: "id") on Query makes its key Human:1004"#))
        #expect(diagnosis.keys == ["Human:1004"])
    }

    @Test(arguments: CacheKind.allCases)
    func anObjectUnderItsPathWhosePolicyKeyWasNotSelectedIsNoCacheId(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind)
        try fixture.write("{ hero { __typename name } }", data: #"{"hero":{"__typename":"Droid","name":"R2-D2"}}"#)
        try fixture.write("{ hero(episode: JEDI) { __typename id ... on Droid { appearsIn } } }",
                          data: #"{"hero":{"__typename":"Droid","id":"2001","appearsIn":["JEDI"]}}"#)
        let explanation = try fixture.explain("{ hero { name ... on Droid { appearsIn } } }")
        let diagnosis = try #require(explanation.diagnoses.first { $0.kind == .noCacheId })
        #expect(diagnosis.keys == ["QUERY_ROOT.hero"])
        #expect(diagnosis.suggestion == "select `id` wherever Droid is fetched (the query that wrote QUERY_ROOT.hero did not)")
    }

    @Test(arguments: CacheKind.allCases)
    func theSameObjectUnderAPathAndItsIdIsNoCacheIdAndDuplicateEntityNamingTheFieldsThatDiffer(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind, extensions: [])
        try fixture.write("{ hero { __typename id name } }", data: #"{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}"#)
        try fixture.merge([Record(key: "Droid:2001", ["__typename": .string("Droid"), "id": .string("2001"), "name": .string("Artoo"),
                                                     "appearsIn": .list([.string("JEDI")])])])
        let explanation = try fixture.explain("{ hero { ... on Droid { appearsIn } } }")
        #expect(explanation.diagnoses.map(\.kind) == [.noCacheId, .duplicateEntity])
        #expect(explanation.diagnoses[0].suggestion == #"extend type Droid @typePolicy(keyFields: "id")"#)
        #expect(explanation.diagnoses[1].message == "the same Droid is stored as QUERY_ROOT.hero and as Droid:2001, with different values for: name. Droid:2001 holds appearsIn.")
        #expect(explanation.diagnoses[1].keys == ["QUERY_ROOT.hero", "Droid:2001"])
    }

    @Test(arguments: CacheKind.allCases)
    func aRemovedRecordIsADanglingReferenceNamingBothRecords(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind)
        try fixture.write("{ hero { __typename id name friends { __typename id name } } }", data: """
            {"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[{"__typename":"Human","id":"1000","name":"Luke"}]}}
            """)
        try fixture.store.removeRecord(for: "Human:1000")
        let explanation = try fixture.explain("{ hero { friends { name } } }")
        #expect(explanation.diagnoses.map(\.kind) == [.danglingReference])
        #expect(explanation.diagnoses[0].keys == ["Human:1000", "Droid:2001"])
    }

    @Test(arguments: CacheKind.allCases)
    func aFieldNoRecordOfTheTypeHoldsIsNeverFetched(kind: CacheKind) throws {
        let fixture = try DiagnosisFixture(kind)
        try fixture.write("{ hero { __typename id name } }", data: #"{"hero":{"__typename":"Human","id":"1000","name":"Luke"}}"#)
        let explanation = try fixture.explain("{ hero { ... on Human { mass } } }")
        #expect(explanation.diagnoses == [Diagnosis(
            kind: .neverFetched, message: "Human:1000 (the only Human record) does not hold mass with any arguments: no operation has fetched it.",
            suggestion: "fetch an operation that selects Human.mass from the server once")])
    }
}
