import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Store subscribers hearing GraphQL writes, after apollo-ios-dev `StoreSubscriptionTests`.
@Suite struct StoreSubscriptionTests {
    @Test(arguments: CacheKind.allCases)
    func subscriberIsNotifiedOfAQueryWriteWithItsChangedKeys(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let (recorder, subscription) = ChangeRecorder.subscribed(to: fixture.store)
        defer { subscription.cancel() }
        try fixture.write(try fixture.query("{ hero { name } }"), #"{"hero":{"__typename":"Droid","name":"R2-D2"}}"#)
        #expect(recorder.all.map(\.changedFields) == [
            fieldKeys("QUERY_ROOT.hero", "QUERY_ROOT.hero.__typename", "QUERY_ROOT.hero.name"),
        ])
    }

    @Test(arguments: CacheKind.allCases)
    func cancelledSubscriberIsNotNotified(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let (recorder, subscription) = ChangeRecorder.subscribed(to: fixture.store)
        subscription.cancel()
        try fixture.write(try fixture.query("{ hero { name } }"), #"{"hero":{"name":"R2-D2"}}"#)
        #expect(recorder.count == 0)
    }

    @Test(arguments: CacheKind.allCases)
    func serverResultsAreNotifiedOnceWithTheFetchersOrigin(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let (recorder, subscription) = ChangeRecorder.subscribed(to: fixture.store)
        defer { subscription.cancel() }
        let query = try fixture.query("{ hero { name friends { name } } }")
        try fixture.respond(#"{"data":{"hero":{"name":"R2-D2","friends":[{"name":"Luke"},{"name":"Han"}]}}}"#)
        let origin = fixture.store.makeOrigin()
        let client = fixture.client
        _ = client.waitFor { await client.fetchAll(query: query, cachePolicy: .fetchIgnoringCacheData, origin: origin) }
        #expect(recorder.count == 1)
        #expect(recorder.all.first?.origin == origin)
        #expect(recorder.all.first?.changedFields.count == 5)
    }
}
