import CacheExplorer
import CacheTestSupport
import GraphQLCache
import Testing

/// A `type:` or `re:` filter, or an order by size, over more keys than the list builds at once
/// (10,000) runs in the background (issue 27): keys are answered while it runs, the progress
/// line says what runs, `Esc` stops it, and the list takes the keys when they arrive. The
/// cache's big loads wait at a gate, so the build is certainly still running while the test
/// presses keys.
@Suite struct ListBuildTests {
    static let count = 12_000

    private func explorer() -> (Explorer, GatedCache) {
        let records = (0..<Self.count).map { index in
            Record(key: CacheKey("Item:\(index)"), ["__typename": .string(index % 2 == 0 ? "Even" : "Odd"),
                                                     "name": .string(String(repeating: "x", count: index % 7))])
        }
        let cache = GatedCache(records: RecordSet(records: records))
        let backend = StoreBackend(client: GraphQLClient(store: CacheStore(cache: cache), transport: ScriptedTransport()),
                                   browsing: cache, sourceName: "items", waitsForWatches: false)
        return (Explorer(backend: backend, size: Size(width: 100, height: 30)), cache)
    }

    @Test func aTypenameFilterOverManyKeysIsBuiltInTheBackground() {
        var (explorer, cache) = explorer()
        explorer.press([.character("/")] + Key.sequence(from: "type:Even") + [.enter])
        cache.reachedGate.wait()
        #expect(explorer.state.list.building != nil)
        #expect(explorer.render().text.contains("filtering type:Even…"))
        explorer.press([.character("j"), .character("k")])
        cache.open()
        explorer.settle()
        #expect(explorer.state.list.building == nil)
        #expect(explorer.state.list.count == Self.count / 2)
        #expect(explorer.state.list.rows.first?.key == "Item:0")
        #expect(explorer.state.list.rows.dropFirst().first?.key == "Item:2")
        #expect(!explorer.render().text.contains("filtering type:Even…"))
    }

    @Test func escStopsABuildAndClearsItsFilter() {
        var (explorer, cache) = explorer()
        explorer.press([.character("/")] + Key.sequence(from: "re:^Item:1") + [.enter, .character("s")])
        cache.reachedGate.wait()
        #expect(explorer.state.list.building != nil)
        explorer.press([.escape])
        #expect(explorer.state.list.building == nil)
        #expect(explorer.state.list.filter.isEmpty)
        #expect(explorer.state.message?.text.hasPrefix("stopped ") == true)
        cache.open()
        explorer.settle()
        // The stopped build's keys never arrive: every key is listed, in key order.
        #expect(explorer.state.list.count == Self.count)
        #expect(explorer.state.list.rows.first?.key == "Item:0")
    }

    @Test func sortingManyKeysBySizeIsBuiltInTheBackground() {
        var (explorer, cache) = explorer()
        explorer.press([.character("s")])
        cache.reachedGate.wait()
        #expect(explorer.render().text.contains("sorting by size…"))
        cache.open()
        explorer.settle()
        #expect(explorer.state.list.building == nil)
        #expect(explorer.state.list.count == Self.count)
        #expect(explorer.state.list.rows.first?.key == "Item:6")
    }
}
