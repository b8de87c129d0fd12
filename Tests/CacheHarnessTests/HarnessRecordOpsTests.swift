import Testing
import GraphQLCache
@testable import CacheHarness

@Suite struct HarnessRecordOpsTests {
    private func run(_ lines: [String]) -> [String] { Harness.transcript(lines) }

    @Test func mergeThenRecordsAnswersAsTheProtocolSays() {
        let out = run([
            #"{"id":1,"op":"merge","records":{"Droid:2001":{"name":"R2-D2"}}}"#,
            #"{"id":2,"op":"records"}"#,
        ])
        #expect(out == [
            #"{"id":1,"ok":true,"changedKeys":["Droid:2001.name"]}"#,
            #"{"id":2,"ok":true,"records":{"Droid:2001":{"name":"R2-D2"}}}"#,
        ])
    }

    @Test func setFieldRemoveAndStats() {
        let out = run([
            #"{"id":"a","op":"merge","records":{"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},"Droid:2001":{"name":"R2-D2"}}}"#,
            #"{"id":"b","op":"setField","key":"Droid:2001","field":"name","value":"Artoo"}"#,
            #"{"id":"c","op":"setField","key":"Droid:2001","field":"name","value":"Artoo"}"#,
            #"{"id":"d","op":"removeMatching","pattern":"droid"}"#,
            #"{"id":"e","op":"removeRecord","key":"Droid:2001"}"#,
            #"{"id":"f","op":"record","key":"QUERY_ROOT"}"#,
            #"{"id":"g","op":"stats"}"#,
            #"{"id":"h","op":"clear"}"#,
            #"{"id":"i","op":"record","key":"QUERY_ROOT"}"#,
        ])
        #expect(out == [
            #"{"id":"a","ok":true,"changedKeys":["Droid:2001.name","QUERY_ROOT.hero"]}"#,
            #"{"id":"b","ok":true,"changedKeys":["Droid:2001.name"]}"#,
            #"{"id":"c","ok":true,"changedKeys":[]}"#,
            #"{"id":"d","ok":true,"removedKeys":["Droid:2001"]}"#,
            #"{"id":"e","ok":true,"removedKeys":[]}"#,
            #"{"id":"f","ok":true,"record":{"hero":{"$reference":"Droid:2001"}}}"#,
            #"{"id":"g","ok":true,"records":1,"networkRequests":0,"watchers":0}"#,
            #"{"id":"h","ok":true}"#,
            #"{"id":"i","ok":true,"record":null}"#,
        ])
    }

    @Test func badLinesGetBadRequestAndTheNextLineIsAnswered() {
        let out = run([
            "this is not json",
            #"{"id":2,"op":"nope"}"#,
            #"{"id":3}"#,
            #"{"id":4,"op":"record"}"#,
            #"{"id":5,"op":"merge","records":{"K":[1]}}"#,
            #"{"id":6,"op":"merge","records":{"K":{"r":{"$reference":1}}}}"#,
            #"{"id":7,"op":"stats"}"#,
        ])
        #expect(out.count == 7)
        for line in out.prefix(6) { #expect(line.contains(#""ok":false,"error":{"code":"badRequest""#), "\(line)") }
        #expect(out[3].contains(#"missing field \"key\""#))
        #expect(out[4].contains(#"record \"K\""#))
        #expect(out[5].contains(#"K.r"#))
        #expect(out[6] == #"{"id":7,"ok":true,"records":0,"networkRequests":0,"watchers":0}"#)
    }
}
