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
