import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// Loads of 4,096 keys or more decode on a second thread (`RecordDecodingPipeline`): they give
/// exactly what a load on one thread gives (every present record, no absent one, records whose
/// JSON is another writer's), and a broken row, a NULL or an empty record column anywhere among
/// the chunks is reported by its key as on one thread.
@Suite struct ConcurrentLoadTests {
    /// An Apollo file of `count` items `Item:i` (spelled as Apollo's `JSONSerialization` writes
    /// them: keys unsorted, spaces), with `broken` rows in place of some.
    private func file(_ directory: TemporaryDirectory, count: Int, broken: [Int: String] = [:]) throws -> String {
        let path = directory.path("load.sqlite")
        let rows = (0..<count).map { i -> (String, String) in
            let json = #"{"name" : "Item \#(i)", "price" : \#(i).5, "tags" : ["a", "b\u00e9"], "# +
                #""owner" : {"$reference" : "User:\#(i % 7)"}, "id" : "\#(i)", "__typename" : "Item"}"#
            return ("Item:\(i)", broken[i] ?? json)
        }
        try SQLiteTestFile.apolloFile(at: path, rows: rows)
        return path
    }

    private func options(concurrent: Bool) -> SQLiteNormalizedCache.Options {
        SQLiteNormalizedCache.Options(concurrentDecoding: concurrent)
    }

    @Test(arguments: [4_095, 4_096, 6_145, 20_000])
    func aConcurrentLoadGivesWhatAOneThreadLoadGives(count: Int) throws {
        let directory = try TemporaryDirectory()
        let path = try file(directory, count: count)
        let keys = Set((0..<count + 50).map { CacheKey("Item:\($0)") })
        let concurrent = try SQLiteNormalizedCache(path: path, options: options(concurrent: true)).loadRecords(forKeys: keys)
        let oneThread = try SQLiteNormalizedCache(path: path, options: options(concurrent: false)).loadRecords(forKeys: keys)
        #expect(concurrent.count == count)
        #expect(concurrent == oneThread)
        #expect(concurrent[CacheKey("Item:\(count - 1)")]?["owner"] == .reference(CacheKey("User:\((count - 1) % 7)")))
        #expect(concurrent["Item:3"]?["tags"] == .list([.string("a"), .string("bé")]))
    }

    @Test(arguments: ["{", "[1]", "", "NULL"])
    func aBrokenRowInALaterChunkIsReportedByItsKey(record: String) throws {
        let directory = try TemporaryDirectory()
        let path = try file(directory, count: 9_000)
        let value = record == "NULL" ? "NULL" : "'\(record)'"
        try SQLiteTestFile.run(#"UPDATE records SET record = \#(value) WHERE key = 'Item:8123'"#, at: path)
        var reasons: [String] = []
        for concurrent in [true, false] {
            let cache = try SQLiteNormalizedCache(path: path, options: options(concurrent: concurrent))
            let keys = Set((0..<9_000).map { CacheKey("Item:\($0)") })
            do {
                _ = try cache.loadRecords(forKeys: keys)
                Issue.record("loading a broken row succeeded (concurrent: \(concurrent))")
            } catch let SQLiteError.brokenRecord(file, broken) {
                #expect(file == path && broken.key == "Item:8123", "concurrent: \(concurrent)")
                reasons.append(broken.reason)
            }
            // The cache stays usable, and the other rows load.
            #expect(try cache.loadRecords(forKeys: keys.subtracting(["Item:8123"])).count == 8_999)
        }
        #expect(reasons.count == 2 && reasons[0] == reasons[1], "\(reasons)")
    }
}
