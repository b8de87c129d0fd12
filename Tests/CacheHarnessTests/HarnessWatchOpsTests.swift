import Testing
import GraphQLCache
@testable import CacheHarness

@Suite struct HarnessWatchOpsTests {
    private func run(_ lines: [String]) -> [String] { Harness.transcript(lines) }

    @Test func wholeHarnessExampleGivesExactlyItsLines() {
        let out = run([
            #"{"id":1,"op":"config","cacheKey":{"fields":["id"],"format":"typed"}}"#,
            #"{"id":2,"op":"write","document":"{ hero { id name } }","data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}"#,
            #"{"id":3,"op":"watch","watch":"w","document":"{ hero { name } }","policy":"returnCacheDataDontFetch"}"#,
            #"{"id":4,"op":"setField","key":"Droid:2001","field":"name","value":"Artoo"}"#,
        ])
        #expect(out == [
            #"{"id":1,"ok":true}"#,
            #"{"id":2,"ok":true,"changedKeys":["Droid:2001.__typename","Droid:2001.id","Droid:2001.name","QUERY_ROOT.hero"]}"#,
            #"{"id":3,"ok":true,"results":[{"source":"cache","data":{"hero":{"name":"R2-D2"}},"dependentKeys":["Droid:2001.name","QUERY_ROOT.hero"]}]}"#,
            #"{"event":"watch","watch":"w","source":"cache","data":{"hero":{"name":"Artoo"}}}"#,
            #"{"id":4,"ok":true,"changedKeys":["Droid:2001.name"]}"#,
        ])
    }

    @Test func fetchUsesTheScriptedResponseAndCountsTheRequest() {
        let out = run([
            #"{"id":1,"op":"respond","data":{"hero":{"__typename":"Droid","name":"R2-D2"}}}"#,
            #"{"id":2,"op":"fetch","document":"{ hero { name } }"}"#,
            #"{"id":3,"op":"fetch","document":"{ hero { name } }"}"#,
            #"{"id":4,"op":"stats"}"#,
        ])
        #expect(out == [
            #"{"id":1,"ok":true}"#,
            #"{"id":2,"ok":true,"results":[{"source":"server","data":{"hero":{"name":"R2-D2"}}}]}"#,
            #"{"id":3,"ok":true,"results":[{"source":"cache","data":{"hero":{"name":"R2-D2"}},"dependentKeys":["QUERY_ROOT.hero","QUERY_ROOT.hero.name"]}]}"#,
            #"{"id":4,"ok":true,"records":2,"networkRequests":1,"watchers":0}"#,
        ])
    }

    @Test func cacheAndNetworkGivesTwoResultsAndWatchersHearTheWriteBeforeTheResponse() {
        let out = run([
            #"{"id":1,"op":"merge","records":{"QUERY_ROOT":{"hero":{"$reference":"QUERY_ROOT.hero"}},"QUERY_ROOT.hero":{"name":"R2-D2"}}}"#,
            #"{"id":2,"op":"watch","watch":"w","document":"{ hero { name } }","policy":"cacheOnly"}"#,
            #"{"id":3,"op":"respond","data":{"hero":{"name":"Artoo"}}}"#,
            #"{"id":4,"op":"fetch","document":"{ hero { name } }","policy":"cacheAndNetwork"}"#,
        ])
        #expect(Array(out.suffix(2)) == [
            #"{"event":"watch","watch":"w","source":"cache","data":{"hero":{"name":"Artoo"}}}"#,
            #"{"id":4,"ok":true,"results":[{"source":"cache","data":{"hero":{"name":"R2-D2"}},"dependentKeys":["QUERY_ROOT.hero","QUERY_ROOT.hero.name"]},{"source":"server","data":{"hero":{"name":"Artoo"}}}]}"#,
        ])
    }

    @Test func networkErrorAndCacheMissAreReportedWithTheirCodes() {
        let out = run([
            #"{"id":1,"op":"respond","networkError":"offline"}"#,
            #"{"id":2,"op":"fetch","document":"{ hero { name } }","policy":"networkOnly"}"#,
            #"{"id":3,"op":"fetch","document":"{ hero { name } }","policy":"cacheOnly"}"#,
            #"{"id":4,"op":"fetch","document":"{ hero { name } }","policy":"sometimes"}"#,
        ])
        #expect(out[1] == #"{"id":2,"ok":false,"error":{"code":"network","message":"network: offline"}}"#)
        #expect(out[2].hasPrefix(#"{"id":3,"ok":false,"error":{"code":"cacheMiss""#))
        #expect(out[2].contains(#""miss":{"path":[],"recordKey":"QUERY_ROOT","fieldKey":null,"reason":"missingRecord""#))
        #expect(out[3].hasPrefix(#"{"id":4,"ok":false,"error":{"code":"badRequest","message":"op \"fetch\": unknown policy \"sometimes\""#))
    }

    @Test func partialDataWithErrorsIsReturnedAndWritten() {
        let out = run([
            #"{"id":1,"op":"respond","data":{"hero":null},"errors":[{"message":"hero failed","path":["hero"]}]}"#,
            #"{"id":2,"op":"fetch","document":"{ hero { name } }","policy":"networkOnly"}"#,
            #"{"id":3,"op":"records"}"#,
        ])
        #expect(out[1] == #"{"id":2,"ok":true,"results":[{"source":"server","data":{"hero":null},"errors":[{"message":"hero failed","path":["hero"]}]}]}"#)
        #expect(out[2] == #"{"id":3,"ok":true,"records":{"QUERY_ROOT":{"hero":null}}}"#)
    }

    @Test func unwatchStopsDeliveriesAndStatsCountWatchers() {
        let out = run([
            #"{"id":1,"op":"merge","records":{"QUERY_ROOT":{"hero":{"$reference":"H"}},"H":{"name":"R2-D2"}}}"#,
            #"{"id":2,"op":"watch","watch":"w","document":"{ hero { name } }","policy":"cacheOnly"}"#,
            #"{"id":3,"op":"stats"}"#,
            #"{"id":4,"op":"unwatch","watch":"w"}"#,
            #"{"id":5,"op":"setField","key":"H","field":"name","value":"Artoo"}"#,
            #"{"id":6,"op":"stats"}"#,
            #"{"id":7,"op":"unwatch","watch":"w"}"#,
        ])
        #expect(out[2] == #"{"id":3,"ok":true,"records":2,"networkRequests":0,"watchers":1}"#)
        #expect(out[4] == #"{"id":5,"ok":true,"changedKeys":["H.name"]}"#)
        #expect(out[5] == #"{"id":6,"ok":true,"records":2,"networkRequests":0,"watchers":0}"#)
        #expect(out[6].hasPrefix(#"{"id":7,"ok":false,"error":{"code":"badRequest""#))
    }

    @Test func removalDeliversTheMissToACacheOnlyWatcher() {
        let out = run([
            #"{"id":1,"op":"merge","records":{"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},"Droid:2001":{"name":"R2-D2"}}}"#,
            #"{"id":2,"op":"watch","watch":"w","document":"{ hero { name } }","policy":"cacheOnly"}"#,
            #"{"id":3,"op":"removeMatching","pattern":"droid"}"#,
        ])
        #expect(out[2].hasPrefix(#"{"event":"watch","watch":"w","error":{"code":"cacheMiss""#))
        #expect(out[2].contains(#""reason":"danglingReference","reference":"Droid:2001""#))
        #expect(out[3] == #"{"id":3,"ok":true,"removedKeys":["Droid:2001"]}"#)
    }

    @Test func watcherRefetchesWhenItsReReadMissesAndDeliversBeforeTheResponse() {
        let out = run([
            #"{"id":1,"op":"respond","data":{"hero":{"name":"R2-D2"}}}"#,
            #"{"id":2,"op":"watch","watch":"w","document":"{ hero { name } }"}"#,
            #"{"id":3,"op":"respond","data":{"hero":{"name":"Artoo"}}}"#,
            #"{"id":4,"op":"removeRecord","key":"QUERY_ROOT.hero"}"#,
            #"{"id":5,"op":"stats"}"#,
        ])
        #expect(out[1] == #"{"id":2,"ok":true,"results":[{"source":"server","data":{"hero":{"name":"R2-D2"}}}]}"#)
        #expect(Array(out[3...]) == [
            #"{"event":"watch","watch":"w","source":"server","data":{"hero":{"name":"Artoo"}}}"#,
            #"{"id":4,"ok":true,"removedKeys":["QUERY_ROOT.hero"]}"#,
            #"{"id":5,"ok":true,"records":2,"networkRequests":2,"watchers":1}"#,
        ])
    }

    @Test func respondWithNeitherDataNorErrorsIsABadRequest() {
        let out = run([#"{"id":1,"op":"respond"}"#, #"{"id":2,"op":"respond","data":[1]}"#])
        #expect(out.allSatisfy { $0.contains(#""code":"badRequest""#) })
    }
}
