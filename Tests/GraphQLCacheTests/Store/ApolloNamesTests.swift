import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Apollo iOS 2.x's names: the five policies as cases (1.x's as aliases of them), `withKey:`,
/// `write(data:for:)`, `publish(records:)`, `clearCache()`; and one lifetime rule for watchers
/// and subscriptions: a dropped handle stops.
@Suite struct ApolloNamesTests {
    @Test func policiesHaveTheir2xNamesAnd1xAliases() {
        #expect(CachePolicy.returnCacheDataElseFetch == .cacheFirst)
        #expect(CachePolicy.fetchIgnoringCacheData == .networkOnly)
        #expect(CachePolicy.returnCacheDataDontFetch == .cacheOnly)
        #expect(CachePolicy.returnCacheDataAndFetch == .cacheAndNetwork)
        for name in ["cacheFirst", "networkFirst", "networkOnly", "cacheOnly", "cacheAndNetwork"] {
            #expect(CachePolicy(name: name) != nil, "\(name)")
        }
        #expect(CachePolicy(name: "returnCacheDataElseFetch") == .cacheFirst)
        #expect(CachePolicy.SingleResponse.allCases.map(\.policy) == [.cacheFirst, .networkFirst, .networkOnly, .cacheOnly])
    }

    @Test(arguments: CacheKind.allCases)
    func writeForWithKeyPublishAndClearCache(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let fragment = try fixture.fragment("fragment F on Droid { name }")
        try fixture.store.withinReadWriteTransaction { transaction in
            try transaction.write(data: ["__typename": "Droid", "name": "R2-D2"], for: fragment, withKey: "Droid:1")
            try transaction.publish(records: RecordSet(records: [Record(key: "Droid:2", ["name": .string("C-3PO")])]))
        }
        #expect(try fixture.store.withinReadTransaction { try $0.readObject(fragment: fragment, withKey: "Droid:1") } == ["name": "R2-D2"])
        #expect(try fixture.store.loadRecord(forKey: "Droid:2") != nil)
        try fixture.store.clearCache()
        #expect(try fixture.store.loadRecord(forKey: "Droid:1") == nil)
    }

    @Test func aDroppedSubscriptionStopsAsADroppedWatcherDoes() throws {
        let fixture = ClientFixture()
        let query = try fixture.query("{ hero { name } }")
        try fixture.write(query, #"{"hero":{"name":"R2-D2"}}"#)
        let (recorder, subscription) = ChangeRecorder.subscribed(to: fixture.store)
        let watcherLog = fixture.watch(query, .cacheOnly).1
        try fixture.write(query, #"{"hero":{"name":"Artoo"}}"#)
        #expect(recorder.count == 1)
        #expect(watcherLog.count == 1)
        _ = consume subscription
        try fixture.write(query, #"{"hero":{"name":"R2"}}"#)
        #expect(recorder.count == 1)
        #expect(watcherLog.count == 1)
        #expect(fixture.store.observerCount == 0)
    }
}
