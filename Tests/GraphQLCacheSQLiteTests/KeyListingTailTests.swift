import CacheKeyIndex
import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing
import SQLiteBaseline

/// The bottom of a big file (the explorer's `G`) is served at once from the last keys, found in
/// the same pass as the first ones, instead of waiting for the full sort.
@Suite struct KeyListingTailTests {
    @Test func theLastPageComesFromTheTailBeforeTheIndexIsBuilt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("big.sqlite")
        let keys = (0..<6000).map { i in CacheKey(i % 2 == 0 ? "Item:\(i)" : "QUERY_ROOT.items.\(i)") }
        try RawSQLiteBaseline(path: path).insert(keys.map { (key: $0, json: Array("{}".utf8)) })
        let cache = try SQLiteNormalizedCache(path: path)
        cache.listing.withLock { $0.backgroundThreshold = 1000 }
        let sorted = keys.sorted()
        // Hold the lock so the background sort cannot install its index while the pages are read.
        #expect(try cache.keys(matching: nil, offset: 0, limit: 40) == Array(sorted[0..<40]))
        let (tail, indexBuilt) = cache.state.withLock { state in
            state.keys.withLock { ($0.headPage(5960..<6000), $0.index != nil) }
        }
        if !indexBuilt { #expect(tail == Array(sorted[5960..<6000])) }
        #expect(try cache.keys(matching: nil, offset: 5990, limit: 40) == Array(sorted[5990...]))
        #expect(try cache.keys(matching: nil, offset: 3000, limit: 5) == Array(sorted[3000..<3005]))
    }
}
