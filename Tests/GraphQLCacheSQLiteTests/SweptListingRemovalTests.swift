import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// A removal by pattern of many keys closes up the SQLite cache's key listing by one sweep with
/// the pattern's test (`SortedKeyIndex.remove(_:allMatching:)`). Keys equal as text but not as
/// bytes (NFC and NFD), case-folded letters and invisible characters must leave the listing
/// exactly as a fresh read of the file lists them.
@Suite struct SweptListingRemovalTests {
    private static let shapes = ["Item:%d", "ITEM:%d", "Itém:%d", "Ite\u{301}m:%d", "Café:%d", "Cafe\u{301}:%d",
                                 "Ünï:item:%d", "\u{200B}Item:%d", "User:%d"]

    @Test(arguments: ["item:", "é", "e\u{301}", "café", "ünï", "\u{200B}", "1"])
    func theListingAfterARemovalIsTheFilesListing(pattern: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("unicode.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        let keys = (0..<150).flatMap { number in Self.shapes.map { CacheKey($0.replacingOccurrences(of: "%d", with: "\(number)")) } }
        try cache.merge(records: RecordSet(records: keys.map { Record(key: $0, ["n": .int(1)]) }))
        // The listing is in memory (read and sorted) before the removal.
        #expect(try cache.keyCount(matching: nil) == keys.count)
        let removed = try cache.removeRecords(matching: pattern)
        #expect(removed == Set(keys.filter { KeyPattern(pattern).matches($0) }))
        let listed = try cache.keys(matching: nil, offset: 0, limit: keys.count)
        let fromFile = try SQLiteNormalizedCache(path: path).keys(matching: nil, offset: 0, limit: keys.count)
        #expect(listed == fromFile)
        #expect(listed.count == keys.count - removed.count)
    }
}
