import CacheExplorer
import GraphQLCache
import Testing

/// Long reads run off the UI thread: keys are handled while a watch over 100,000 items reads
/// (the read waits on a gate the test opens, so "while" needs no timing), progress shows, `Esc`
/// cancels.
@Suite struct BackgroundReadTests {
    /// `QUERY_ROOT.items`: `count` references to `Item:i` records with a name.
    private func itemCache(_ count: Int) -> GatedCache {
        var records = (0..<count).map { Record(key: CacheKey("Item:\($0)"), ["name": .string("item \($0)")]) }
        records.append(Record(key: .queryRoot, ["items": .list((0..<count).map { .reference(CacheKey("Item:\($0)")) })]))
        return GatedCache(records: RecordSet(records: records))
    }

    private func explorer(_ cache: GatedCache) -> Explorer {
        let backend = StoreBackend(client: GraphQLClient(store: CacheStore(cache: cache), transport: ScriptedTransport()),
                                   browsing: cache, sourceName: "items", waitsForWatches: false)
        return Explorer(backend: backend, size: Size(width: 100, height: 30))
    }

    @Test func keysAreHandledWhileAWatchOver100000ItemsReadsAndEscCancelsIt() throws {
        let cache = itemCache(100_000)
        var explorer = explorer(cache)
        explorer.press([.character("w")] + Key.sequence(from: "query Items { items { name } }") + [.enter])
        cache.reachedGate.wait()
        // The read is stuck at the gate: every key below is handled before it can finish.
        explorer.press([.tab, .character("j"), .character("j")])
        #expect(explorer.state.focus == .records)
        #expect(explorer.state.list.selected == 2)
        for action in explorer.inbox.drain() { explorer.send(action) }
        #expect(explorer.state.watches.first?.isReading == true)
        #expect(explorer.state.watches.first?.updateCount == 0)
        explorer.send(.tick(.milliseconds(100)))
        explorer.send(.tick(.milliseconds(400)))
        #expect(explorer.render().text.contains("reading Items… 0.4 s · Esc cancels"))
        explorer.send(.keyPressed(.escape))
        #expect(explorer.state.message == StatusMessage("cancelled: Items"))
        cache.open()
        explorer.settle()
        let watch = try #require(explorer.state.watches.first)
        #expect(watch.updateCount == 0)
        #expect(!watch.isReading)
        #expect(watch.note(keys: .default) == "read cancelled; f reads again")
        #expect(explorer.state.busySince == nil)
    }

    @Test func aCancelledWatchReadsAgainWithF() throws {
        let cache = itemCache(2_000)
        var explorer = explorer(cache)
        explorer.press([.character("w")] + Key.sequence(from: "query Items { items { name } }") + [.enter])
        cache.reachedGate.wait()
        explorer.send(.keyPressed(.escape))
        cache.open()
        explorer.settle()
        #expect(explorer.state.watches.first?.updateCount == 0)
        explorer.press([.character("f")])
        explorer.settle()
        let watch = try #require(explorer.state.watches.first)
        #expect(watch.updateCount == 1)
        #expect(watch.note(keys: .default) == nil)
        #expect(watch.resultLines.first == "items[0].name: \"item 0\"")
        #expect(watch.report?.missCount == 0)
    }

    @Test func aConsoleQueryRunsInTheBackgroundAndEscCancelsIt() throws {
        let cache = itemCache(2_000)
        var explorer = explorer(cache)
        explorer.press([.character("c")] + Key.sequence(from: "{ items { name } }") + [.enter])
        cache.reachedGate.wait()
        #expect(explorer.state.console.running != nil)
        explorer.press([.character("x")])
        #expect(explorer.state.console.input.text == "{ items { name } }x")
        explorer.send(.keyPressed(.escape))
        #expect(explorer.state.console.running == nil)
        #expect(explorer.state.console.error == "cancelled")
        #expect(explorer.state.focus == .query)
        cache.open()
        explorer.settle()
        #expect(explorer.state.console.report == nil)
        explorer.press([.backspace, .enter])
        explorer.settle()
        #expect(explorer.state.console.report?.missCount == 0)
        #expect(explorer.state.console.report?.lines.contains { $0.text.contains("items [2000]") } == true)
    }
}

/// A long watch read does not hold up the user: the store reads a snapshot, so an edit commits
/// while the read is stuck, and the watch then reads again because the edit changed it.
@Suite struct EditDuringReadTests {
    @Test func anEditCommitsWhileAWatchReadIsStuckAndTheWatchThenShowsIt() throws {
        var records = (0..<2_000).map { Record(key: CacheKey("Item:\($0)"), ["name": .string("item \($0)")]) }
        records.append(Record(key: .queryRoot, ["items": .list((0..<2_000).map { .reference(CacheKey("Item:\($0)")) })]))
        let cache = GatedCache(records: RecordSet(records: records))
        let backend = StoreBackend(client: GraphQLClient(store: CacheStore(cache: cache), transport: ScriptedTransport()),
                                   browsing: cache, sourceName: "items", waitsForWatches: false)
        var explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        explorer.press([.character("w")] + Key.sequence(from: "query Items { items { name } }") + [.enter])
        cache.reachedGate.wait()
        // The read is stuck at the gate, inside its read transaction: edit Item:0.name meanwhile.
        explorer.press([.tab, .character("j"), .enter, .character("e"), .control("u")] + Key.sequence(from: "renamed") + [.enter])
        #expect(explorer.state.message == StatusMessage("Item:0.name = \"renamed\"; u undoes"))
        #expect(explorer.state.record?.key == "Item:0")
        #expect(explorer.state.record?.rows.first { $0.field == "name" }?.value == .string("renamed"))
        #expect(try backend.loadRecord("Item:0")?["name"] == .string("renamed"))
        #expect(explorer.state.watches.first?.isReading == true)
        cache.open()
        explorer.settle()
        let watch = try #require(explorer.state.watches.first)
        #expect(watch.resultLines.first == "items[0].name: \"renamed\"")
        #expect(watch.lastChangeOrigin == "edit")
        #expect(watch.lastChangedKeys == ["Item:0.name"])
        #expect(!watch.isReading)
    }
}
