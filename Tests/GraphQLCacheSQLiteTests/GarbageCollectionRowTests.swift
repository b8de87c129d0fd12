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

    /// Escapes in the stored text name the key a full decode gives: `\u00e9` the precomposed
    /// `é` (not the decomposed one), `\"` and `\\` a quote and a backslash; a `{` inside a
    /// reference's key or a string value does not hide a reference.
    @Test func escapedKeysAreTheKeysADecodeGives() throws {
        let (result, _) = try collect([
            ("QUERY_ROOT", #"{"city":{"$reference":"City:Caf\u00e9"},"odd":[{"$reference":"Odd:\"q\" \\ x"}],"#
                + #""brace":{"$reference":"Brace:{1}"},"s":"a { b","t":{"$reference":"Item:1"}}"#),
            ("City:Caf\u{E9}", #"{"name":"precomposed"}"#),
            ("City:Cafe\u{301}", #"{"name":"decomposed"}"#),
            (#"Odd:"q" \ x"#, #"{"name":"odd"}"#),
            ("Brace:{1}", #"{"name":"brace"}"#),
            ("Item:1", #"{"name":"item"}"#),
        ])
        #expect(result.removedFields.isEmpty)
        #expect(result.removedKeys == ["City:Cafe\u{301}"])
    }

    /// A reference inside an object value is no edge, however deep in lists it lies there; one
    /// in a list of lists is. A record that references itself, and two that reference each
    /// other, are removed when no root reaches them.
    @Test func objectsListsSelfReferencesAndCycles() throws {
        let (result, _) = try collect([
            ("QUERY_ROOT", #"{"o":{"l":[{"$reference":"InObject:1"}]},"grid":[[{"$reference":"InList:1"}],[]]}"#),
            ("InObject:1", #"{"name":"only inside an object"}"#),
            ("InList:1", #"{"name":"in a list of lists"}"#),
            ("Self:1", #"{"me":{"$reference":"Self:1"}}"#),
            ("Cycle:A", #"{"next":{"$reference":"Cycle:B"}}"#),
            ("Cycle:B", #"{"next":[{"$reference":"Cycle:A"}]}"#),
        ])
        #expect(result.removedFields.isEmpty)
        #expect(result.removedKeys == ["InObject:1", "Self:1", "Cycle:A", "Cycle:B"])
    }

    /// Which rows cannot be read, each text checked and only what the check cannot vouch for
    /// decoded (in one pass over the rows, or by key for a few): the same rows `loadStoredRecords` calls broken, over
    /// sound, escaped, broken, array, NULL and absent rows (what `:gc` leaves out of its list).
    @Test func unreadableKeysAreTheRowsLoadingCallsBroken() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("rows.sqlite")
        let rows: [(String, String)] = [
            ("Sound:1", #"{"name":"sound"}"#),
            ("Escaped:1", #"{"name":"\u0041\n","next":{"$reference":"Sound:1"}}"#),
            ("Spaced:1", #" { "name" : "spaced" } "#),
            ("Cut:1", #"{"name":"#),
            ("Text:1", "not json"),
            ("Array:1", "[1,2]"),
            ("Number:1", "42"),
            ("Caf\u{E9}:1", #"{"name":"nfc"}"#),
        ]
        try SQLiteTestFile.apolloFile(at: path, rows: rows, extraSQL: "INSERT INTO records(key, record) VALUES ('Null:1', NULL);")
        let cache = try SQLiteNormalizedCache(path: path)
        let keys = Set(rows.map { CacheKey($0.0) } + ["Null:1", "Absent:1", "Cafe\u{301}:1"])
        let broken = Set(try cache.loadStoredRecords(forKeys: keys).filter { $0.value.record == nil }.keys)
        #expect(broken == ["Cut:1", "Text:1", "Array:1", "Number:1", "Null:1"])
        // Most of the rows: one pass over them; a few: looked up by key.
        #expect(try cache.unreadableKeys(among: keys) == broken)
        #expect(try cache.unreadableKeys(among: ["Cut:1", "Sound:1"]) == ["Cut:1"])
        #expect(try cache.unreachableRecordKeys() == ["Sound:1", "Escaped:1", "Spaced:1", "Caf\u{E9}:1"])
    }
}
