import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// What the change tracker hands the write log about the rows another process's commit touched:
/// the bytes of a followed row; for a new key, that it had no row, but only when the key listing
/// was current and says so; for a row nobody read that was replaced (`INSERT OR REPLACE`), and
/// whenever nothing is known, nothing: the log then says its before was not seen.
@Suite struct ExternalBeforeImageTests {
    static func file(_ directory: TemporaryDirectory, listing: Bool) throws -> (String, SQLiteNormalizedCache, CacheStore) {
        let path = directory.path("app.sqlite")
        let rows = (0..<50).map { ("Item:\($0)", #"{"__typename":"Item","name":"Item \#($0)"}"#) }
        try SQLiteTestFile.apolloFile(at: path, rows: [("QUERY_ROOT", #"{"n":1}"#)] + rows)
        let cache = try SQLiteNormalizedCache(path: path)
        cache.keepExternalBeforeImages()
        let store = CacheStore(cache: cache)
        try store.startTrackingExternalChanges()
        if listing { #expect(try cache.keys(matching: nil, offset: 0, limit: 5).count == 5) }
        _ = try store.loadRecords(forKeys: ["Item:3"])
        return (path, cache, store)
    }

    static let commit = #"""
        UPDATE records SET record = '{"__typename":"Item","name":"three"}' WHERE key = 'Item:3';
        INSERT OR REPLACE INTO records (key, record) VALUES ('Item:40', '{"__typename":"Item","name":"forty"}');
        INSERT INTO records (key, record) VALUES ('Item:new', '{"name":"new"}');
        """#

    @Test func aReplacedRowNobodyReadHasNoImageAndANewKeyIsKnownToHaveHadNoRow() throws {
        let directory = try TemporaryDirectory()
        let (path, cache, store) = try Self.file(directory, listing: true)
        try SQLiteTestFile.run(Self.commit, at: path)
        #expect(try store.pollExternalChanges() != nil)
        let images = cache.takeExternalBeforeImages(["Item:3", "Item:40", "Item:new"])
        #expect(images["Item:3"] == .some(Array(#"{"__typename":"Item","name":"Item 3"}"#.utf8)))
        #expect(images.index(forKey: "Item:40") == nil, "it existed; its bytes were never read")
        #expect(images["Item:new"] == .some(nil), "the current listing did not hold it")
        #expect(cache.takeExternalBeforeImages(["Item:new"]).isEmpty, "each handed out once")
    }

    @Test func withoutACurrentListingNoKeyIsSaidToHaveHadNoRow() throws {
        let directory = try TemporaryDirectory()
        let (path, cache, store) = try Self.file(directory, listing: false)
        try SQLiteTestFile.run(Self.commit, at: path)
        #expect(try store.pollExternalChanges() != nil)
        let images = cache.takeExternalBeforeImages(["Item:3", "Item:40", "Item:new"])
        #expect(Set(images.keys) == ["Item:3"])
    }
}
