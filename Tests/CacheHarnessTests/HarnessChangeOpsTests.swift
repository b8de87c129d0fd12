import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing
@testable import CacheHarness

/// `subscribe` / `unsubscribe` give every committed change as an event line with its origin;
/// `poll` turns another writer's commits to the file into such changes, events first.
@Suite struct HarnessChangeOpsTests {
    @Test func aSubscriptionHearsEveryLocalChangeBeforeTheResponseAndNothingAfterUnsubscribe() {
        let out = Harness.transcript([
            #"{"id":1,"op":"subscribe","subscription":"all"}"#,
            #"{"id":2,"op":"merge","records":{"Droid:2001":{"name":"R2-D2"}}}"#,
            #"{"id":3,"op":"removeRecord","key":"Droid:2001"}"#,
            #"{"id":4,"op":"unsubscribe","subscription":"all"}"#,
            #"{"id":5,"op":"merge","records":{"Droid:2001":{"name":"R2"}}}"#,
            #"{"id":6,"op":"unsubscribe","subscription":"all"}"#,
        ])
        #expect(out == [
            #"{"id":1,"ok":true}"#,
            #"{"event":"change","subscription":"all","changedKeys":["Droid:2001.name"],"removedKeys":[],"origin":"local"}"#,
            #"{"id":2,"ok":true,"changedKeys":["Droid:2001.name"]}"#,
            #"{"event":"change","subscription":"all","changedKeys":[],"removedKeys":["Droid:2001"],"origin":"local"}"#,
            #"{"id":3,"ok":true,"removedKeys":["Droid:2001"]}"#,
            #"{"id":4,"ok":true}"#,
            #"{"id":5,"ok":true,"changedKeys":["Droid:2001.name"]}"#,
            #"{"id":6,"ok":false,"error":{"code":"badRequest","message":"op \"unsubscribe\": no subscription named \"all\""}}"#,
        ])
    }

    @Test func pollOnAMemoryCacheFindsNothing() {
        #expect(Harness.transcript([#"{"id":1,"op":"poll"}"#]) == [#"{"id":1,"ok":true,"externalChanges":0}"#])
    }

    @Test func pollDeliversAnotherWritersCommitToSubscriptionsAndWatchesFirst() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let harness = Harness(cache: try SQLiteNormalizedCache(path: path))
        let setup = [
            #"{"id":1,"op":"merge","records":{"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}},"Droid:2001":{"name":"R2-D2"}}}"#,
            #"{"id":2,"op":"watch","watch":"w","document":"{ hero { name } }","policy":"cacheOnly"}"#,
            #"{"id":3,"op":"subscribe","subscription":"s"}"#,
        ]
        for line in setup { _ = harness.handle(line: line) }
        let other = try SQLiteNormalizedCache(path: path)
        try other.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("Artoo")]),
                                                      Record(key: "Human:1000", ["name": .string("Luke")])]))

        #expect(harness.handle(line: #"{"id":4,"op":"poll"}"#) == [
            #"{"event":"change","subscription":"s","changedKeys":["Droid:2001.name","Human:1000.name"],"removedKeys":[],"origin":"external"}"#,
            #"{"event":"watch","watch":"w","source":"cache","data":{"hero":{"name":"Artoo"}}}"#,
            #"{"id":4,"ok":true,"externalChanges":2}"#,
        ])
        #expect(harness.handle(line: #"{"id":5,"op":"poll"}"#) == [#"{"id":5,"ok":true,"externalChanges":0}"#])
    }
}
