import CacheExplorer
import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Synchronization
import Testing

@Suite struct ExplorerLoopTests {
    @Test func theLoopDrawsEachEventAndStopsOnQuit() {
        let (explorer, _) = TinyCache.explorer()
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24), actions: [.keyPressed(.character("j")), .keyPressed(.character("Q"))])
        var loop = ExplorerLoop(explorer: explorer, terminal: terminal)
        loop.run()
        #expect(loop.explorer.isFinished)
        #expect(terminal.frameCount == 3)
        #expect(terminal.pending.isEmpty)
    }

    @Test func theLoopAdoptsTheTerminalSizeAndResizes() {
        let (explorer, _) = TinyCache.explorer()
        let terminal = HeadlessTerminal(size: Size(width: 50, height: 10), actions: [.resized(Size(width: 100, height: 30))])
        var loop = ExplorerLoop(explorer: explorer, terminal: terminal)
        loop.run(untilIdle: true)
        #expect(loop.explorer.state.size == Size(width: 100, height: 30))
        #expect(terminal.lastGrid?.size == Size(width: 100, height: 30))
    }

    @Test func theLoopEndsAFlashOnItsClockWithoutAKey() throws {
        let (explorer, backend) = TinyCache.explorer()
        try backend.addWatch(name: "hero", document: "{ hero { name } }")
        let clock = ManualClock()
        let terminal = HeadlessTerminal(size: Size(width: 120, height: 40), actions: [.watchesDidUpdate])
        var loop = ExplorerLoop(explorer: explorer, terminal: terminal, clock: { clock.now })
        loop.run(untilIdle: true)
        _ = try backend.write([Record(key: "Droid:2001", ["name": .string("Artoo")])])
        backend.waitUntilIdle()
        loop.run(untilIdle: true)
        #expect(loop.explorer.state.flashing == ["hero"])
        #expect(terminal.screen.contains("● hero"))
        clock.advance(by: Explorer.flashDuration)
        loop.run(untilIdle: true)
        #expect(loop.explorer.state.flashing == [])
        #expect(terminal.screen.contains("○ hero"))
    }

    @Test func aCommitByAnotherProcessShowsUpBetweenKeys() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let mine = try SQLiteNormalizedCache(path: path)
        try mine.merge(records: RecordSet(records: TinyCache.records))
        let backend = StoreBackend(client: GraphQLClient(store: CacheStore(cache: mine), transport: ScriptedTransport()),
                                   browsing: mine, sourceName: "shared.sqlite")
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
        var loop = ExplorerLoop(explorer: Explorer(backend: backend, size: terminal.size), terminal: terminal)
        loop.run(untilIdle: true)
        #expect(loop.explorer.state.list.count == 4)
        let other = try SQLiteNormalizedCache(path: path)
        try other.merge(records: RecordSet(records: [Record(key: "Human:1003", ["name": .string("Leia")])]))
        loop.run(untilIdle: true)
        #expect(loop.explorer.state.list.count == 5)
        #expect(terminal.screen.contains("Human:1003"))
    }

    @Test func anotherProcessChangingAFieldAWatchReadsUpdatesTheWatchAndSaysSo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let mine = try SQLiteNormalizedCache(path: path)
        try mine.merge(records: RecordSet(records: TinyCache.records))
        let backend = StoreBackend(client: GraphQLClient(store: CacheStore(cache: mine), transport: ScriptedTransport()),
                                   browsing: mine, sourceName: "shared.sqlite")
        try backend.addWatch(name: "hero", document: "{ hero { name } }")
        let terminal = HeadlessTerminal(size: Size(width: 120, height: 40))
        let clock = ManualClock()
        var loop = ExplorerLoop(explorer: Explorer(backend: backend, size: terminal.size), terminal: terminal, clock: { clock.now })
        loop.run(untilIdle: true)
        #expect(terminal.screen.contains("R2-D2"))
        let frames = terminal.frameCount
        let other = try SQLiteNormalizedCache(path: path)
        try other.merge(records: RecordSet(records: [Record(key: "Droid:2001", ["name": .string("Artoo")])]))
        loop.run(untilIdle: true)
        // The watch re-reads off the UI thread: wait for it, then let the loop draw its result.
        backend.waitUntilIdle()
        loop.run(untilIdle: true)
        // Each `run` draws once on entry; the commit is one frame and the watch's new result at
        // most one more (none when it came in with the commit), not one per route.
        #expect((frames + 3...frames + 4).contains(terminal.frameCount))
        #expect(terminal.screen.contains("\"Artoo\""))
        #expect(terminal.screen.contains("Droid:2001.name"))
        #expect(terminal.screen.contains("external change seen in 1 record"))
        #expect(loop.explorer.state.flashing == ["hero"])
        GoldenScreen.check(try #require(terminal.lastGrid), suite: "ExplorerLoopTests", name: "externalChange-120x40")
    }
}

/// A clock tests move by hand.
final class ManualClock: Sendable {
    private let time = Mutex(Duration.zero)
    var now: Duration { time.withLock { $0 } }
    func advance(by duration: Duration) { time.withLock { $0 += duration } }
}
