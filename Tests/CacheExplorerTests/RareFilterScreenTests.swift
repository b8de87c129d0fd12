import CacheExplorer
import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import SQLiteBaseline
import Testing

/// A filter that few or no keys match, over many keys: a frame's search stops after a bounded
/// share of them (`keysFound`, `keyCount(matching:atLeast:)`), the list says it is still
/// searching, and it shows the matches (or that there are none) once every key is searched.
@Suite struct RareFilterScreenTests {
    /// 300,000 Item keys (more than a frame searches) and one Zebra key, which sorts last; the
    /// key order built.
    private func cache(_ directory: TemporaryDirectory) throws -> SQLiteNormalizedCache {
        let path = directory.path("many.sqlite")
        let raw = try RawSQLiteBaseline(path: path)
        let keys = (0..<300_000).map { CacheKey("Item:\($0)") } + ["Zebra:1"]
        try raw.insert(keys.map { (key: $0, json: Array(#"{"__typename":"Item"}"#.utf8)) })
        let cache = try SQLiteNormalizedCache(path: path)
        cache.listing.withLock { $0.backgroundThreshold = 1000 }
        _ = try cache.keys(matching: nil, offset: 150_000, limit: 1)
        return cache
    }

    @Test func aFramesSearchForARareKeyStopsShortAndTheFullSearchFindsIt() throws {
        let directory = try TemporaryDirectory()
        let cache = try cache(directory)
        #expect(try cache.keyCount(matching: "zebra", atLeast: 40) == KeyCount(count: 0, isExact: false))
        #expect(try cache.keysFound(matching: "zebra", offset: 0, limit: 40).isEmpty)
        #expect(try cache.keys(matching: "zebra", offset: 0, limit: 40) == ["Zebra:1"])
        #expect(try cache.keysFound(matching: "zebra", offset: 0, limit: 40) == ["Zebra:1"])
        #expect(try cache.keyCount(matching: "zebra", atLeast: 40) == KeyCount(count: 1, isExact: true))
    }

    @Test func anEmptyListWhoseCountIsNotExactSaysItIsSearching() {
        var state = ExplorerState(size: Size(width: 100, height: 30), sourceName: "many.sqlite", readOnly: true)
        state.list = RecordListState(filter: "zebra", count: 0, rows: [])
        state.list.countIsExact = false
        let searching = Renderer.render(state, theme: .default).text
        #expect(searching.contains("searching for \"zebra\"…"), "\(searching)")
        state.list.countIsExact = true
        let none = Renderer.render(state, theme: .default).text
        #expect(none.contains("no key contains \"zebra\""), "\(none)")
    }

    @Test func theListShowsTheRareMatchOnceEveryKeyIsSearched() throws {
        let directory = try TemporaryDirectory()
        var explorer = Explorer(backend: StoreBackend(cache: try cache(directory), sourceName: "many.sqlite"),
                                size: Size(width: 100, height: 30), environment: .isolated)
        explorer.press([.character("/")] + "zebra".map(Key.character))
        explorer.finishCounting()
        #expect(explorer.state.list.countIsExact)
        #expect(explorer.state.list.count == 1)
        #expect(explorer.state.list.rows.map(\.key) == ["Zebra:1"])
        explorer.press([.backspace, .backspace, .backspace, .backspace, .backspace, .character("x")])
        explorer.finishCounting()
        #expect(explorer.state.list.count == 0)
        let screen = explorer.render().text
        #expect(screen.contains("no key contains \"x\""), "\(screen)")
    }
}
