import CacheExplorer
import GraphQLCache
import Testing

@Suite struct WatchesTests {
    private let heroName = "{ hero { name } }"

    @Test func wAddsAWatchShowingItsLiveResult() throws {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("w")] + Key.sequence(from: heroName) + [.enter])
        #expect(explorer.state.focus == .watches)
        let watch = try #require(explorer.state.watches.first)
        #expect(explorer.state.watches.count == 1)
        #expect(watch.name == "w1")
        #expect(watch.summary == heroName)
        #expect(watch.document == heroName)
        #expect(watch.source == "cache")
        #expect(watch.policy == "returnCacheDataDontFetch")
        #expect(watch.updateCount == 1)
        #expect(watch.resultLines == ["hero.name: \"R2-D2\""])
        #expect(Set(watch.dependencies.records) == [.queryRoot, "Droid:2001"])
        #expect(watch.report?.lines == [.init(depth: 0, text: "hero", status: .hit), .init(depth: 1, text: "name: \"R2-D2\"", status: .hit)])
        #expect(!watch.isReading)
        #expect(explorer.state.message == StatusMessage("watching w1"))
    }

    @Test func editingAFieldUpdatesEveryWatchThatReadItAndFlashesIt() throws {
        var (explorer, backend) = TinyCache.explorer()
        try backend.addWatch(name: "hero", document: heroName)
        try backend.addWatch(name: "luke", document: "{ human(id: 1000) { name } }")
        explorer.send(.watchesDidUpdate)
        // Open Droid:2001, select name (last field), edit it.
        explorer.press([.character("j"), .enter, .character("G"), .character("e"), .control("u")] + Key.sequence(from: "Artoo") + [.enter])
        explorer.settle()
        let hero = try #require(explorer.state.watches.first)
        #expect(hero.updateCount == 2)
        #expect(hero.lastChangedKeys == ["Droid:2001.name"])
        #expect(hero.resultLines == ["hero.name: \"Artoo\""])
        #expect(explorer.state.flashing == ["hero"])
        #expect(explorer.state.watches[1].updateCount == 1)
    }

    @Test func aFlashEndsAfterItsDurationOfTicksNotOnTheNextKey() throws {
        var (explorer, backend) = TinyCache.explorer()
        try backend.addWatch(name: "hero", document: heroName)
        explorer.send(.watchesDidUpdate)
        explorer.press([.character("j"), .enter, .character("G"), .character("e"), .control("u")] + Key.sequence(from: "Artoo") + [.enter])
        explorer.settle()
        explorer.send(.keyPressed(.character("k")))
        #expect(explorer.state.flashing == ["hero"])
        explorer.send(.tick(.seconds(10)))
        explorer.send(.tick(.seconds(10) + Explorer.flashDuration - .milliseconds(1)))
        #expect(explorer.state.flashing == ["hero"])
        explorer.send(.tick(.seconds(10) + Explorer.flashDuration))
        #expect(explorer.state.flashing == [])
        #expect(explorer.state.flashingSince == nil)
    }

    @Test func aWatchOfAMissingRecordWakesWhenTheRecordArrives() throws {
        let (_, backend) = TinyCache.explorer()
        try backend.addWatch(name: "leia", document: "{ hero { friends { name } } }")
        #expect(backend.watches()[0].resultLines.last?.hasPrefix("✗") == true)
        _ = try backend.write([Record(key: "Human:9999", ["name": .string("Leia")])])
        backend.waitUntilIdle()
        #expect(backend.watches()[0].updateCount == 2)
        #expect(backend.watches()[0].resultLines.contains("hero.friends[1].name: \"Leia\""))
    }

    @Test func deleteByPatternNamesTheWatchesItWouldAffect() throws {
        var (explorer, backend) = TinyCache.explorer()
        try backend.addWatch(name: "hero", document: heroName)
        explorer.send(.watchesDidUpdate)
        explorer.press([.character("D")] + Key.sequence(from: "droid") + [.enter])
        guard case .confirm(.deletePattern(let preview)) = explorer.state.mode else { Issue.record("no preview"); return }
        #expect(preview.affectedWatches == ["hero"])
    }

    @Test(arguments: GoldenScreenTests.sizes)
    func watchesPaneAfterAnEdit(size: Size) throws {
        var explorer = try Fixtures.sampleExplorer(size: size)
        let host = try #require(explorer.backend as? any WatchHosting)
        try host.addWatch(name: "HeroName", document: heroName)
        try host.addWatch(name: "Luke", document: "{ human(id: 1000) { name homePlanet } }")
        explorer.send(.watchesDidUpdate)
        explorer.press(["j", "j", "Enter", "j", "j", "j", "j", "e", "C-u", "Artoo", "Enter"].flatMap(Key.sequence(from:)))
        explorer.settle()
        GoldenScreen.check(explorer.render(), suite: "WatchesTests", name: "watchesPaneAfterAnEdit-\(size)")
    }
}

@Suite struct WatchDeferTests {
    /// A watch whose deferred fragment is not in the cache shows it as pending (a `…` line),
    /// not as a miss.
    @Test func aWatchShowsADeferredFragmentNotInTheCacheAsPendingNotAsAMiss() throws {
        var (explorer, _) = TinyCache.explorer()
        let document = #"{ hero { name ... @defer(label: "more") { primaryFunction } } }"#
        explorer.press([.character("w")] + Key.sequence(from: document) + [.enter])
        explorer.settle()
        let watch = try #require(explorer.state.watches.first)
        #expect(watch.error == nil)
        #expect(watch.resultLines == ["hero.name: \"R2-D2\"", "… @defer hero (more): pending"])
        #expect(watch.report?.lines.last == .init(depth: 1, text: "@defer \"more\": pending (its data is not in the cache yet)",
                                                 status: .pending))
    }
}
