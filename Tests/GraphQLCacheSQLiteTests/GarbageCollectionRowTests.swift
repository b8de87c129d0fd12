import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// Garbage collection on stored text as other programs write it: broken rows, rows without a
/// key, and references spelled with whitespace, escapes or `\u`.
@Suite struct GarbageCollectionRowTests {
    private func collect(_ rows: [(String, String)], extraSQL: String = "") throws -> (GarbageCollectionResult, SQLiteNormalizedCache) {
        let directory = try TemporaryDirectory()
        let path = directory.path("gc.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: rows)
        if !extraSQL.isEmpty { try SQLiteTestFile.run(extraSQL, at: path) }
        let cache = try SQLiteNormalizedCache(path: path)
        return (try CacheStore(cache: cache).garbageCollect(), cache)
    }

    /// A row that cannot be read is left alone: it is never removed, a reference to it does not
    /// dangle (the row is there), and what its text references is kept.
    @Test func brokenRowsAreLeftAlone() throws {
        let (result, cache) = try collect([
            ("QUERY_ROOT", #"{"broken":{"$reference":"Broken:1"},"item":{"$reference":"Item:1"}}"#),
            ("Broken:1", #"{"next":{"$reference":"Kept:1"},"cut":"#),
            ("Kept:1", #"{"name":"kept"}"#),
            ("Lost:1", "not json"),
            ("Item:1", #"{"name":"item"}"#),
            ("Orphan:1", #"{"name":"orphan"}"#),
        ])
        #expect(result.removedFields.isEmpty)
        #expect(result.removedKeys == ["Orphan:1"])
        #expect(try cache.recordCount() == 5)
        #expect(try cache.loadRecord(forKey: "Kept:1") != nil)
    }

    /// A row with a NULL key (which no reference can name) is left alone.
    @Test func rowsWithANullKeyAreLeftAlone() throws {
        let (result, cache) = try collect([
            ("QUERY_ROOT", #"{"item":{"$reference":"Item:1"},"none":{"$reference":""}}"#),
            ("Item:1", #"{"name":"item"}"#),
            ("Orphan:1", #"{"next":{"$reference":"Item:1"}}"#),
        ], extraSQL: #"INSERT INTO records (key, record) VALUES (NULL, '{"x":{"$reference":"Orphan:1"}}')"#)
        #expect(result.removedFields == [FieldKey(record: .queryRoot, field: "none")])
        #expect(result.removedKeys == ["Orphan:1"])
        #expect(try cache.recordCount() == 3)
    }

    /// References as other writers spell them: with whitespace, with `\/` (JSONSerialization),
    /// with `\u` escapes in the key or in `$reference` itself; and the text of a reference in a
    /// string value, which is no reference.
    @Test func referencesAreFoundHoweverTheyAreWritten() throws {
        let (result, _) = try collect([
            ("QUERY_ROOT", #"{ "a" : { "$reference" : "Item:1" } , "b":[{"$reference":"Image:http:\/\/x"}],"#
                + #""c":{"\u0024reference":"Item:2"},"d":{"$reference":"Item:\u0033"},"s":"{\"$reference\":\"Orphan:1\"}"}"#),
            ("Item:1", #"{"name":"one"}"#),
            ("Item:2", #"{"name":"two"}"#),
            ("Item:3", #"{"name":"three"}"#),
            ("Image:http://x", #"{"url":"http:\/\/x"}"#),
            ("Orphan:1", #"{"name":"only named in a string"}"#),
        ])
        #expect(result.removedFields.isEmpty)
        #expect(result.removedKeys == ["Orphan:1"])
    }
}
