import CacheExplorer
import GraphQLCache
import Testing

/// Every change reaches the explorer by one route, the store's change notification: one edit is
/// one refresh of the list and record pane, one re-read of each watch it touched (none of the
/// others) and one frame; the watch names the change that woke it.
@Suite struct OneRouteTests {
    @Test func oneEditIsOneRefreshOneReReadPerAffectedWatchAndOneFrame() throws {
        let cache = GatedCache(records: RecordSet(records: TinyCache.records), threshold: .max)
        let backend = StoreBackend(client: GraphQLClient(store: CacheStore(cache: cache), transport: ScriptedTransport()),
                                   browsing: cache, sourceName: "tiny")
        try backend.addWatch(name: "hero", document: "{ hero { name } }")
        try backend.addWatch(name: "luke", document: "{ hero { age } }")
        try backend.addWatch(name: "han", document: #"{ hero { friends { name } } }"#)
        let terminal = HeadlessTerminal(size: Size(width: 120, height: 40), actions: [.watchesDidUpdate])
        var loop = ExplorerLoop(explorer: Explorer(backend: backend, size: terminal.size), terminal: terminal)
        // Open Droid:2001, select name (its last field), start editing it.
        terminal.type([.character("j"), .enter, .character("G"), .character("e"), .control("u")] + Key.sequence(from: "Artoo"))
        loop.run(untilIdle: true)
        let (frames, pages) = (terminal.frameCount, cache.pageLoads)

        terminal.type([.enter])
        loop.run(untilIdle: true)
        // One frame on entering `run`, one for the key with everything it caused, and at most
        // one more when the watch's re-read (background work) delivered before `run` returned.
        #expect((frames + 2...frames + 3).contains(terminal.frameCount))
        #expect(cache.pageLoads == pages + 1)
        backend.waitUntilIdle()
        loop.run(untilIdle: true)
        let watches = Dictionary(uniqueKeysWithValues: loop.explorer.state.watches.map { ($0.name, $0) })
        #expect(watches["hero"]?.updateCount == 2)
        #expect(watches["hero"]?.lastChangedKeys == ["Droid:2001.name"])
        #expect(watches["hero"]?.lastChangeOrigin == "edit")
        #expect(watches["luke"]?.updateCount == 1)
        #expect(watches["han"]?.updateCount == 1)
        #expect(cache.pageLoads == pages + 1)
        #expect(terminal.screen.contains("changed by edit: Droid:2001.name"))
    }

    @Test func deleteAndUndoAreNamedInTheWatchTheyWoke() throws {
        var (explorer, backend) = TinyCache.explorer(size: Size(width: 120, height: 40))
        try backend.addWatch(name: "luke", document: "{ hero { friends { name } } }")
        explorer.send(.watchesDidUpdate)
        explorer.press([.character("j"), .character("j"), .character("d"), .character("y")])
        explorer.settle()
        #expect(explorer.state.watches[0].lastChangeOrigin == "delete")
        #expect(explorer.state.watches[0].updateCount == 2)
        #expect(explorer.state.watches[0].lastChangedKeys.contains("Human:1000.name"))
        explorer.press([.character("u")])
        explorer.settle()
        #expect(explorer.state.watches[0].lastChangeOrigin == "undo")
        #expect(explorer.state.watches[0].updateCount == 3)
        #expect(explorer.state.watches[0].resultLines.first == "hero.friends[0].name: \"Luke\"")
    }
}

/// Keys already waiting when the loop takes a typed character go into the line input together:
/// typing fast into the filter re-filters once for them, not once per key.
@Suite struct TypingBatchTests {
    @Test func charactersWaitingBehindATypedOneFilterOnceTogether() throws {
        let cache = GatedCache(records: RecordSet(records: TinyCache.records), threshold: .max)
        let backend = StoreBackend(client: GraphQLClient(store: CacheStore(cache: cache), transport: ScriptedTransport()),
                                   browsing: cache, sourceName: "tiny")
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24), actions: [.keyPressed(.character("/"))])
        var loop = ExplorerLoop(explorer: Explorer(backend: backend, size: terminal.size), terminal: terminal)
        loop.run(untilIdle: true)
        var pages = cache.pageLoads
        terminal.type([.character("h")])
        loop.run(untilIdle: true)
        let oneKey = cache.pageLoads - pages
        #expect(oneKey > 0)
        pages = cache.pageLoads
        terminal.type(Key.sequence(from: "uman") + [.enter, .character("j")])
        loop.run(untilIdle: true)
        #expect(cache.pageLoads - pages == oneKey)
        #expect(loop.explorer.state.list.filter == "human")
        #expect(loop.explorer.state.mode == .normal)
        // The key after the run (Enter, then j) was not lost.
        #expect(loop.explorer.state.list.selected == 1)
    }
}
