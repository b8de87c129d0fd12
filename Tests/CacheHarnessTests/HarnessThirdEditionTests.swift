import Testing
import GraphQLCache
@testable import CacheHarness

/// HARNESS.md third edition: the `gc` op and `partial` on `read`, `fetch` and `watch`.
@Suite struct HarnessThirdEditionTests {
    private func run(_ lines: [String]) -> [String] { Harness.transcript(lines) }

    private let seed = #"{"id":0,"op":"merge","records":{"QUERY_ROOT":{"hero":{"$reference":"Droid:1"},"lost":{"$reference":"Gone:1"}},"Droid:1":{"name":"R2-D2","friends":[{"$reference":"Human:9"}]},"Orphan:1":{"name":"alone"}}}"#

    @Test func gcRemovesUnreachableRecordsAndDanglingFields() {
        let out = run([
            seed,
            #"{"id":1,"op":"subscribe","subscription":"s"}"#,
            #"{"id":2,"op":"gc","passes":["dangling"]}"#,
            #"{"id":3,"op":"gc"}"#,
            #"{"id":4,"op":"gc","passes":["everything"]}"#,
            #"{"id":5,"op":"records"}"#,
        ])
        #expect(Array(out.dropFirst(2)) == [
            #"{"event":"change","subscription":"s","changedKeys":[],"removedKeys":[],"origin":"local"}"#,
            #"{"id":2,"ok":true,"removedKeys":[],"removedFields":["Droid:1.friends","QUERY_ROOT.lost"]}"#,
            #"{"event":"change","subscription":"s","changedKeys":[],"removedKeys":["Orphan:1"],"origin":"local"}"#,
            #"{"id":3,"ok":true,"removedKeys":["Orphan:1"],"removedFields":[]}"#,
            #"{"id":4,"ok":false,"error":{"code":"badRequest","message":"op \"gc\": unknown pass \"everything\""}}"#,
            #"{"id":5,"ok":true,"records":{"Droid:1":{"name":"R2-D2"},"QUERY_ROOT":{"hero":{"$reference":"Droid:1"}}}}"#,
        ])
    }

    @Test func partialReadFetchAndWatchAnswerWithTheDataFoundAndOneErrorPerMissingField() {
        let error = #"{"path":["hero","height"],"recordKey":"Droid:1","fieldKey":"height","reason":"missingField"}"#
        let out = run([
            seed,
            #"{"id":1,"op":"read","document":"{ hero { name height } }","partial":true}"#,
            #"{"id":2,"op":"read","document":"{ hero { name } }","partial":true}"#,
            #"{"id":3,"op":"fetch","document":"{ hero { name height } }","policy":"cacheOnly","partial":true}"#,
            #"{"id":4,"op":"watch","watch":"w","document":"{ hero { name height } }","policy":"cacheOnly","partial":true}"#,
            #"{"id":5,"op":"setField","key":"Droid:1","field":"name","value":"Artoo"}"#,
        ])
        #expect(out[1] == #"{"id":1,"ok":true,"data":{"hero":{"name":"R2-D2","height":null}},"complete":false,"errors":[\#(error)]}"#)
        #expect(out[2] == #"{"id":2,"ok":true,"data":{"hero":{"name":"R2-D2"}}}"#)
        #expect(out[3].hasPrefix(#"{"id":3,"ok":true,"results":[{"source":"cache","data":{"hero":{"name":"R2-D2","height":null}}"#))
        #expect(out[3].hasSuffix(#""complete":false,"errors":[\#(error)]}]}"#))
        #expect(out[4].hasPrefix(#"{"id":4,"ok":true,"results":[{"source":"cache""#))
        #expect(out[5] == #"{"event":"watch","watch":"w","source":"cache","data":{"hero":{"name":"Artoo","height":null}},"complete":false,"errors":[\#(error)]}"#)
    }
}
