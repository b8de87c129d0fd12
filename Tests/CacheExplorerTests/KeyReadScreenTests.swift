import CacheExplorer
import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import SQLiteBaseline
import Testing

/// Opening a big file draws at once: the list says how far the first read of its keys got,
/// and shows them (with any filter typed meanwhile) once the read ends.
@Suite struct KeyReadScreenTests {
    /// An explorer on a file of `count` Item keys whose keys are read in the background from
    /// 1,000 keys (ten million in the field; the threshold is lowered to keep the test small).
    /// With `gate`, the background read waits for it to open before it reads.
    private func explorer(_ directory: TemporaryDirectory, count: Int, gate: Gate? = nil) throws -> Explorer {
        let path = directory.path("big.sqlite")
        let raw = try RawSQLiteBaseline(path: path)
        try raw.insert((0..<count).map { (key: CacheKey("Item:\($0)"), json: Array(#"{"__typename":"Item"}"#.utf8)) })
        let cache = try SQLiteNormalizedCache(path: path)
        cache.listing.withLock { listing in
            listing.backgroundReadThreshold = 1000
            listing.backgroundReadPatience = .zero
            if let gate { listing.backgroundReadHold = { gate.pass() } }
        }
        let backend = StoreBackend(cache: cache, sourceName: "big.sqlite")
        return Explorer(backend: backend, size: Size(width: 100, height: 30), environment: .isolated)
    }

    @Test func theFirstFrameSaysHowFarTheKeyReadGotThenTheKeysAreListed() throws {
        let directory = try TemporaryDirectory()
        let gate = Gate()
        var explorer = try explorer(directory, count: 5000, gate: gate)
        #expect(explorer.state.list.readingKeys != nil)
        let first = explorer.render().text
        #expect(first.contains("reading the keys: ") && first.contains(" of about 5,000"), "\(first)")
        #expect(first.contains("reading the keys… "), "\(first)")
        gate.open()
        explorer.settle()
        #expect(explorer.state.list.readingKeys == nil)
        #expect(explorer.state.list.count == 5000)
        #expect(explorer.state.list.rows.prefix(3).map(\.key) == ["Item:0", "Item:1", "Item:2"])
        let listed = explorer.render().text
        #expect(!listed.contains("reading the keys"), "\(listed)")
        #expect(listed.contains("5,000 records"), "\(listed)")
    }

    @Test func aFilterTypedDuringTheReadIsAppliedOnceTheKeysAreRead() throws {
        let directory = try TemporaryDirectory()
        let gate = Gate()
        var explorer = try explorer(directory, count: 5000, gate: gate)
        explorer.press([.character("/")] + "Item:49".map(Key.character))
        #expect(explorer.state.list.readingKeys != nil, "the filter is typed while the keys are read")
        gate.open()
        explorer.settle()
        #expect(explorer.state.list.filter == "Item:49")
        // Item:49 and Item:490…499 and Item:4900…4999.
        #expect(explorer.state.list.count == 111)
        #expect(explorer.state.list.rows.first?.key == "Item:49")
    }
}
