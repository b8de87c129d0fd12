import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Query watchers, after apollo-ios-dev `WatchQueryTests`.
@Suite struct WatchQueryTests {
    private let heroByEpisode = "query($episode: Episode) { hero(episode: $episode) { name } }"
    private let heroWithIDByEpisode = "query($episode: Episode) { hero(episode: $episode) { id name } }"

    @Test(arguments: CacheKind.allCases)
    func watcherIsUpdatedFromTheCacheAfterTheSameQueryFetchesChangedData(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query("{ hero { name } }")
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","name":"R2-D2"}}}"#)
        let (watcher, log) = fixture.watch(query, .fetchIgnoringCacheData)
        defer { watcher.cancel() }
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","name":"Artoo"}}}"#)
        _ = fixture.fetch(query, .fetchIgnoringCacheData)
        fixture.client.waitUntilIdle()
        #expect(log.summary == [#"server:{"hero":{"name":"R2-D2"}}"#, #"cache:{"hero":{"name":"Artoo"}}"#])
    }

    @Test(arguments: CacheKind.allCases)
    func empireWatcherDoesNotFireWhenJediDataIsWrittenWithoutIDs(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","name":"R2-D2"}}}"#)
        let (watcher, log) = fixture.watch(try fixture.query(heroByEpisode, #"{"episode":"EMPIRE"}"#), .fetchIgnoringCacheData)
        defer { watcher.cancel() }
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","name":"Artoo"}}}"#)
        let other = fixture.fetch(try fixture.query(heroByEpisode, #"{"episode":"JEDI"}"#), .fetchIgnoringCacheData)
        fixture.client.waitUntilIdle()
        #expect(other.error == nil)
        #expect(log.count == 1)
        #expect(fixture.server.requests.last?.variables == ["episode": .string("JEDI")])
    }

    @Test(arguments: CacheKind.allCases)
    func jediFetchRenamingTheSameDroidUpdatesTheEmpireWatcherFromTheCache(_ kind: CacheKind) throws {
        let fixture = ClientFixture.withIDs(kind)
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}"#)
        let (watcher, log) = fixture.watch(try fixture.query(heroWithIDByEpisode, #"{"episode":"EMPIRE"}"#), .fetchIgnoringCacheData)
        defer { watcher.cancel() }
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"Artoo"}}}"#)
        _ = fixture.fetch(try fixture.query(heroWithIDByEpisode, #"{"episode":"JEDI"}"#), .fetchIgnoringCacheData)
        fixture.client.waitUntilIdle()
        #expect(log.summary.last == #"cache:{"hero":{"id":"2001","name":"Artoo"}}"#)
        #expect(log.count == 2)
    }

    /// Another query writes a friend list whose new friend lacks `name`: the watcher's re-read
    /// misses, so it refetches the whole query from the server.
    @Test(arguments: CacheKind.allCases)
    func watcherWhoseReReadMissesRefetchesFromTheServer(_ kind: CacheKind) throws {
        let (fixture, watcher, log) = try watchHeroAndFriends(kind, refetch: true)
        defer { watcher.cancel() }
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"},{"__typename":"Human","id":"1002","name":"Han Solo"}]}}}"#)
        try addFriendWithoutName(fixture)
        fixture.client.waitUntilIdle()
        #expect(fixture.server.requestCount == 2)
        #expect(log.count == 2)
        #expect(log.summary.last?.hasPrefix("server:") == true)
        #expect(log.summary.last?.contains("Han Solo") == true)
    }

    @Test(arguments: CacheKind.allCases)
    func watcherWithRefetchTurnedOffReportsTheMissInstead(_ kind: CacheKind) throws {
        let (fixture, watcher, log) = try watchHeroAndFriends(kind, refetch: false)
        defer { watcher.cancel() }
        try addFriendWithoutName(fixture)
        fixture.client.waitUntilIdle()
        #expect(fixture.server.requestCount == 1)
        guard case .failure(.cacheMiss(let miss))? = log.all.last else {
            Issue.record("expected a cache miss, got \(log.summary)")
            return
        }
        #expect(miss.path == [.field("hero"), .field("friends"), .index(1), .field("name")])
        #expect(miss.recordKey == "Human:1002")
    }

    /// `refetchesAfterMiss` decides per change: a miss after the change it refuses is delivered
    /// (nothing is sent), a miss after another change refetches as usual.
    @Test(arguments: CacheKind.allCases)
    func aRefetchFilterKeepsTheMissOfTheChangesItRefuses(_ kind: CacheKind) throws {
        let fixture = ClientFixture.withIDs(kind)
        let quiet = fixture.store.makeOrigin(), other = fixture.store.makeOrigin()
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"}]}}}"#)
        let log = DeliveryLog()
        let watcher = QueryWatcher(client: fixture.client, query: try fixture.query(heroAndFriends),
                                   options: WatcherOptions(refetchesAfterMiss: { $0.origin != quiet })) { log.append($0.result) }
        defer { watcher.cancel() }
        fixture.client.startTracked { await watcher.fetch() }
        fixture.client.waitUntilIdle()
        #expect(fixture.server.requestCount == 1)

        func removeLuke(_ origin: ChangeOrigin) throws {
            try fixture.store.withinReadWriteTransaction(origin: origin) { _ = try $0.removeRecord(for: "Human:1000") }
            fixture.client.waitUntilIdle()
        }
        try removeLuke(quiet)
        #expect(fixture.server.requestCount == 1)
        guard case .failure(.cacheMiss(let miss))? = log.all.last else {
            Issue.record("expected a cache miss, got \(log.summary)")
            return
        }
        #expect(miss.path.starts(with: [.field("hero"), .field("friends"), .index(0)]), "\(miss.path)")

        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[{"__typename":"Human","id":"1000","name":"Luke S."}]}}}"#)
        try fixture.write(try fixture.query("{ hero { id friends { id name } } }"),
                          #"{"hero":{"__typename":"Droid","id":"2001","friends":[{"__typename":"Human","id":"1000","name":"Luke"}]}}"#)
        try removeLuke(other)
        #expect(fixture.server.requestCount == 2)
        #expect(log.summary.last?.hasPrefix("server:") == true && log.summary.last?.contains("Luke S.") == true, "\(log.summary)")
    }

    @Test(arguments: CacheKind.allCases)
    func watcherIgnoresTheWritesOfItsOwnRefetch(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        try fixture.respond(#"{"data":{"hero":{"name":"R2-D2"}}}"#)
        let (watcher, log) = fixture.watch(try fixture.query("{ hero { name } }"))
        defer { watcher.cancel() }
        try fixture.respond(#"{"data":{"hero":{"name":"Artoo"}}}"#)
        fixture.client.waitFor { await watcher.refetch() }
        fixture.client.waitUntilIdle()
        #expect(log.summary == [#"server:{"hero":{"name":"R2-D2"}}"#, #"server:{"hero":{"name":"Artoo"}}"#])
    }

    @Test(arguments: CacheKind.allCases)
    func cacheAndNetworkWatcherGetsTheCacheThenTheServerAndNotItsOwnWrite(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query("{ hero { name } }")
        try fixture.write(query, #"{"hero":{"name":"R2-D2"}}"#)
        try fixture.respond(#"{"data":{"hero":{"name":"Artoo"}}}"#)
        let (watcher, log) = fixture.watch(query, .returnCacheDataAndFetch)
        defer { watcher.cancel() }
        #expect(log.summary == [#"cache:{"hero":{"name":"R2-D2"}}"#, #"server:{"hero":{"name":"Artoo"}}"#])
        try fixture.write(query, #"{"hero":{"name":"R2"}}"#)
        #expect(log.summary.last == #"cache:{"hero":{"name":"R2"}}"#)
        #expect(log.count == 3)
    }

    @Test(arguments: CacheKind.allCases)
    func cancelledWatcherDeliversNothingMore(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query("{ hero { name } }")
        try fixture.write(query, #"{"hero":{"name":"R2-D2"}}"#)
        let (watcher, log) = fixture.watch(query, .returnCacheDataDontFetch)
        #expect(fixture.store.observerCount == 1)
        watcher.cancel()
        try fixture.write(query, #"{"hero":{"name":"Artoo"}}"#)
        #expect(log.summary == [#"cache:{"hero":{"name":"R2-D2"}}"#])
        #expect(fixture.store.observerCount == 0)
    }

    @Test(arguments: CacheKind.allCases)
    func watcherOfAMissingQueryDeliversOnceTheDataArrives(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query("{ hero { name } }")
        let (watcher, log) = fixture.watch(query, .returnCacheDataDontFetch)
        defer { watcher.cancel() }
        try fixture.write(query, #"{"hero":{"name":"R2-D2"}}"#)
        #expect(log.summary.count == 2)
        #expect(log.summary.first?.hasPrefix("error:cache miss") == true)
        #expect(log.summary.last == #"cache:{"hero":{"name":"R2-D2"}}"#)
    }

    // MARK: helpers

    private let heroAndFriends = "{ hero { id name friends { id name } } }"

    private func watchHeroAndFriends(_ kind: CacheKind, refetch: Bool) throws -> (ClientFixture, QueryWatcher, DeliveryLog) {
        let fixture = ClientFixture.withIDs(kind)
        try fixture.respond(#"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[{"__typename":"Human","id":"1000","name":"Luke Skywalker"}]}}}"#)
        let (watcher, log) = fixture.watch(try fixture.query(heroAndFriends), .returnCacheDataElseFetch,
                                           refetchOnFailedUpdates: refetch)
        #expect(log.summary.first?.hasPrefix("server:") == true)
        return (fixture, watcher, log)
    }

    private func addFriendWithoutName(_ fixture: ClientFixture) throws {
        try fixture.write(try fixture.query("{ hero { id friends { id } } }"),
                          #"{"hero":{"__typename":"Droid","id":"2001","friends":[{"__typename":"Human","id":"1000"},{"__typename":"Human","id":"1002"}]}}"#)
    }
}

@Suite struct WatcherLifetimeAndConsistencyTests {
    @Test(arguments: CacheKind.allCases)
    func releasedWatcherLeavesTheIndex(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query("{ hero { name } }")
        try fixture.write(query, #"{"hero":{"name":"R2-D2"}}"#)
        var watcher: QueryWatcher? = fixture.watch(query, .returnCacheDataDontFetch).0
        #expect(fixture.store.observerCount == 1)
        #expect(watcher?.dependentKeys == fieldKeys("QUERY_ROOT.hero", "QUERY_ROOT.hero.name"))
        watcher = nil
        #expect(fixture.store.observerCount == 0)
    }

    /// Writers update `a.v` and `b.v` together from several threads; every result the watcher
    /// delivers shows them equal, because each re-read is one read transaction.
    @Test(arguments: CacheKind.allCases)
    func watcherReReadsAlwaysSeeWholeTransactions(_ kind: CacheKind) throws {
        let fixture = ClientFixture(kind: kind)
        let query = try fixture.query("{ a { v } b { v } }")
        try fixture.write(query, #"{"a":{"v":0},"b":{"v":0}}"#)
        let (watcher, log) = fixture.watch(query, .returnCacheDataDontFetch)
        defer { watcher.cancel() }
        let group = DispatchGroup()
        for writer in 0..<4 {
            group.enter()
            Thread {
                for step in 1...100 {
                    let value = writer * 1_000 + step
                    _ = try? fixture.write(query, #"{"a":{"v":\#(value)},"b":{"v":\#(value)}}"#)
                }
                group.leave()
            }.start()
        }
        group.wait()
        let torn = log.summary.filter { summary in
            guard let data = try? OperationFixture.json(String(summary.dropFirst("cache:".count))),
                  case .object(let a)? = data["a"], case .object(let b)? = data["b"] else { return true }
            return a["v"] != b["v"]
        }
        #expect(log.count == 401)
        #expect(torn.isEmpty, "torn results: \(torn.prefix(3))")
    }
}

import Foundation
