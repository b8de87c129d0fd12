import Testing
import GraphQLCache
@testable import CacheHarness

@Suite struct HarnessDocumentOpsTests {
    private func run(_ lines: [String]) -> [String] { Harness.transcript(lines) }

    @Test func harnessExampleGivesExactlyItsLines() {
        let out = run([
            #"{"id":1,"op":"config","cacheKey":{"fields":["id"],"format":"typed"}}"#,
            #"{"id":2,"op":"write","document":"{ hero { id name } }","data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}"#,
            #"{"id":3,"op":"read","document":"{ hero { name } }"}"#,
        ])
        #expect(out == [
            #"{"id":1,"ok":true}"#,
            #"{"id":2,"ok":true,"changedKeys":["Droid:2001.__typename","Droid:2001.id","Droid:2001.name","QUERY_ROOT.hero"]}"#,
            #"{"id":3,"ok":true,"data":{"hero":{"name":"R2-D2"}}}"#,
        ])
    }

    @Test func readMissAnswersCacheMissWithTheMissObject() {
        let out = run([
            #"{"id":1,"op":"write","document":"query($e: Episode) { hero(episode: $e) { name } }","variables":{"e":"JEDI"},"data":{"hero":{"name":"Luke"}}}"#,
            #"{"id":2,"op":"read","document":"query($e: Episode) { hero(episode: $e) { name } }","variables":{"e":"EMPIRE"}}"#,
        ])
        #expect(out[1].hasPrefix(#"{"id":2,"ok":false,"error":{"code":"cacheMiss""#))
        #expect(out[1].hasSuffix(#""miss":{"path":["hero"],"recordKey":"QUERY_ROOT","fieldKey":"hero(episode:EMPIRE)","reason":"missingField","nearMisses":["hero(episode:JEDI)"]}}}"#))
    }

    @Test func explainReportsEveryMissAndDependentKeys() {
        let out = run([
            #"{"id":1,"op":"write","document":"{ hero { name } }","data":{"hero":{"name":"R2-D2"}}}"#,
            #"{"id":2,"op":"explain","document":"{ hero { name id } droid { id } }"}"#,
        ])
        #expect(out[1] == #"{"id":2,"ok":true,"complete":false,"data":{"hero":{"name":"R2-D2"}},"misses":[{"path":["hero","id"],"recordKey":"QUERY_ROOT.hero","fieldKey":"id","reason":"missingField","nearMisses":[]},{"path":["droid"],"recordKey":"QUERY_ROOT","fieldKey":"droid","reason":"missingField","nearMisses":[]}],"dependentKeys":["QUERY_ROOT.droid","QUERY_ROOT.hero","QUERY_ROOT.hero.id","QUERY_ROOT.hero.name"],"groups":[{"path":["hero","id"],"reason":"missingField","fieldKey":"id","count":1,"example":{"path":["hero","id"],"recordKey":"QUERY_ROOT.hero","fieldKey":"id","reason":"missingField","nearMisses":[]}},{"path":["droid"],"reason":"missingField","fieldKey":"droid","count":1,"example":{"path":["droid"],"recordKey":"QUERY_ROOT","fieldKey":"droid","reason":"missingField","nearMisses":[]}}],"diagnoses":[{"kind":"neverFetched","message":"QUERY_ROOT (the only Query record) does not hold droid with any arguments: no operation has fetched it.","suggestion":"fetch an operation that selects Query.droid from the server once"}]}"#)
    }

    @Test func fragmentsWriteAndReadAtAKey() {
        let out = run([
            #"{"id":1,"op":"writeFragment","document":"fragment F on Droid { name }","key":"Droid:2001","data":{"__typename":"Droid","name":"R2-D2"}}"#,
            #"{"id":2,"op":"readFragment","document":"fragment F on Droid { name }","key":"Droid:2001"}"#,
            #"{"id":3,"op":"readFragment","document":"fragment F on Droid { name }","key":"Droid:9"}"#,
        ])
        #expect(out[0] == #"{"id":1,"ok":true,"changedKeys":["Droid:2001.__typename","Droid:2001.name"]}"#)
        #expect(out[1] == #"{"id":2,"ok":true,"data":{"name":"R2-D2"}}"#)
        #expect(out[2].contains(#""miss":{"path":[],"recordKey":"Droid:9","fieldKey":null,"reason":"missingRecord","nearMisses":[]}"#))
    }

    @Test func schemaErrorsAndDocumentErrorsUseTheirCodes() {
        let out = run([
            #"{"id":1,"op":"schema","sdl":"type Query { hero: Hero"}"#,
            #"{"id":2,"op":"schema","sdl":"type Query { hero: Droid droid(id: ID!): Droid } type Droid { id: ID! name: String! }"}"#,
            #"{"id":3,"op":"read","document":"{ hero { nam } }"}"#,
            #"{"id":4,"op":"read","document":"{ hero { name }"}"#,
            #"{"id":5,"op":"read","document":"query($id: ID!) { droid(id: $id) { name } }"}"#,
        ])
        #expect(out[0].contains(#""code":"invalidSchema""#))
        #expect(out[1] == #"{"id":2,"ok":true}"#)
        #expect(out[2].contains(#""code":"invalidDocument""#) && out[2].contains(#""locations":[{"line":1,"column":10}]"#))
        #expect(out[3].contains(#""code":"invalidDocument""#) && out[3].contains(#""locations":[{"line":1,"column":16}]"#))
        #expect(out[4].contains(#""code":"invalidVariables""#) && out[4].contains(#""variable":"id""#))
    }
}

/// The second edition's `explain` groups and diagnoses, the `lint` op, and variables checked
/// against their types.
@Suite struct HarnessDiagnosisOpsTests {
    private func run(_ lines: [String]) -> [String] { Harness.transcript(lines) }
    private static let schema = #"{"id":0,"op":"schema","sdl":"type Query { hero(episode: Episode): Character human(id: ID!): Human } enum Episode { NEWHOPE EMPIRE JEDI } interface Character { id: ID! name: String! } type Human implements Character { id: ID! name: String! } extend interface Character @typePolicy(keyFields: \"id\")"}"#

    @Test func explainGivesGroupsAndANoFieldPolicyDiagnosisWithTheSDLLine() throws {
        let out = run([
            Self.schema,
            #"{"id":1,"op":"write","document":"{ hero { __typename id name } }","data":{"hero":{"__typename":"Human","id":"1000","name":"Luke"}}}"#,
            #"{"id":2,"op":"explain","document":"{ human(id: \"1000\") { name } }"}"#,
        ])
        let response = try JSONValue.parse(out[2])
        #expect(response["groups"] == .array([.object([
            "path": .array([.string("human")]), "reason": .string("missingField"), "fieldKey": .string("human(id:1000)"),
            "count": .int(1), "example": try #require(response["misses"]?.arrayValue?.first),
        ])]))
        let diagnosis = try #require(response["diagnoses"]?.arrayValue?.first)
        #expect(diagnosis["kind"] == .string("noFieldPolicy"))
        #expect(diagnosis["suggestion"] == .string(#"extend type Query @fieldPolicy(forField: "human", keyArgs: "id")"#))
        #expect(diagnosis["keys"] == .array([.string("Human:1000")]))
    }

    @Test func lintAnswersItsFindings() {
        let out = run([
            #"{"id":1,"op":"merge","records":{"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},"Orphan:1":{"__typename":"Orphan"}}}"#,
            #"{"id":2,"op":"lint"}"#,
            #"{"id":3,"op":"removeRecord","key":"Orphan:1"}"#,
            #"{"id":4,"op":"merge","records":{"Droid:2001":{"__typename":"Droid"}}}"#,
            #"{"id":5,"op":"lint"}"#,
        ])
        #expect(out[1] == #"{"id":2,"ok":true,"findings":[{"kind":"danglingReference","message":"1 reference(s) name absent records; e.g. QUERY_ROOT -> Droid:2001","keys":["QUERY_ROOT"],"count":1,"suggestion":"refetch the queries that read them, or remove the records holding them"},{"kind":"unreachable","message":"1 record(s) are not reachable from QUERY_ROOT, MUTATION_ROOT or SUBSCRIPTION_ROOT: no query reads them.","keys":["Orphan:1"],"count":1,"suggestion":"delete them: a garbage collection of unreachable records removes exactly these"}]}"#)
        #expect(out[4] == #"{"id":5,"ok":true,"findings":[]}"#)
    }

    @Test func anEnumVariableOutsideItsValuesIsInvalidVariablesNeverAMiss() {
        let out = run([
            Self.schema,
            #"{"id":1,"op":"explain","document":"query($e: Episode) { hero(episode: $e) { name } }","variables":{"e":"FOO"}}"#,
            #"{"id":2,"op":"read","document":"query($e: Episode) { hero(episode: $e) { name } }","variables":{"e":3}}"#,
        ])
        #expect(out[1] == #"{"id":1,"ok":false,"error":{"code":"invalidVariables","message":"variable \"$e\": \"FOO\" is not a value of enum Episode; allowed values of Episode: NEWHOPE, EMPIRE, JEDI","variable":"e"}}"#)
        #expect(out[2].contains(#""code":"invalidVariables""#))
        #expect(out[2].contains("expected a value of enum Episode, found integer 3"))
    }
}

/// `@defer`: a deferred fragment whose data is not in the cache is listed under `pending` by
/// `explain` and on a cache result, and is no miss (HARNESS.md, second edition).
@Suite struct HarnessDeferTests {
    private static let document = #"{ hero { name ... @defer(label: \"more\") { height } } }"#

    @Test func explainAndFetchListPendingFragmentsThatAreNotMisses() {
        let out = Harness.transcript([
            #"{"id":1,"op":"write","document":"\#(Self.document)","data":{"hero":{"name":"Luke"}}}"#,
            #"{"id":2,"op":"explain","document":"\#(Self.document)"}"#,
            #"{"id":3,"op":"fetch","document":"\#(Self.document)","policy":"cacheOnly"}"#,
            #"{"id":4,"op":"record","key":"QUERY_ROOT.hero"}"#,
        ])
        #expect(out[0] == #"{"id":1,"ok":true,"changedKeys":["QUERY_ROOT.hero","QUERY_ROOT.hero.name"]}"#)
        #expect(out[1].hasPrefix(#"{"id":2,"ok":true,"complete":true,"data":{"hero":{"name":"Luke"}},"misses":[]"#))
        #expect(out[1].contains(#""pending":[{"path":["hero"],"label":"more"}]"#))
        #expect(out[2].contains(#""source":"cache","data":{"hero":{"name":"Luke"}}"#)
                && out[2].contains(#""pending":[{"path":["hero"],"label":"more"}]"#))
        #expect(out[3] == #"{"id":4,"ok":true,"record":{"name":"Luke"}}"#)
    }

    @Test func explainLeavesPendingOutOnceTheDeferredDataIsCached() {
        let out = Harness.transcript([
            #"{"id":1,"op":"write","document":"\#(Self.document)","data":{"hero":{"name":"Luke","height":1.72}}}"#,
            #"{"id":2,"op":"explain","document":"\#(Self.document)"}"#,
        ])
        #expect(out[1].hasPrefix(#"{"id":2,"ok":true,"complete":true,"data":{"hero":{"name":"Luke","height":1.72}}"#))
        #expect(!out[1].contains("pending"))
    }
}
