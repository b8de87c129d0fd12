import CacheTestSupport
import GraphQLCache
import Testing

/// The cache-level specification, run against every backend: the SQLite cache must answer
/// exactly as the in-memory cache does.
@Suite struct CacheBehaviourTests {
    private func records(_ pairs: [(CacheKey, [String: CacheValue])]) -> RecordSet {
        RecordSet(records: pairs.map { Record(key: $0.0, $0.1) })
    }

    private func filled(_ kind: CacheKind, _ directory: TemporaryDirectory, keys: [String]) throws -> any BrowsableNormalizedCache {
        let cache = try kind.makeCache(in: directory)
        try cache.merge(records: RecordSet(records: keys.map { Record(key: CacheKey($0), ["x": .int(1)]) }))
        return cache
    }

    @Test(arguments: CacheKind.allCases)
    func newRecordReportsEveryField(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try kind.makeCache(in: directory)
        let changed = try cache.merge(records: records([("Droid:2001", ["name": .string("R2-D2"), "id": .string("2001")])]))
        #expect(changed == [FieldKey(record: "Droid:2001", field: "name"), FieldKey(record: "Droid:2001", field: "id")])
    }

    @Test(arguments: CacheKind.allCases)
    func mergeReportsOnlyChangedFieldsAndKeepsAbsentOnes(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try kind.makeCache(in: directory)
        try cache.merge(records: records([("A", ["x": .int(1), "y": .string("a"), "nickname": .null])]))
        let changed = try cache.merge(records: records([("A", ["x": .int(1), "y": .string("b")])]))
        #expect(changed == [FieldKey(record: "A", field: "y")])
        #expect(try cache.loadRecord(forKey: "A")?.fields == ["x": .int(1), "y": .string("b"), "nickname": .null])
    }

    @Test(arguments: CacheKind.allCases)
    func listsAreReplacedWholeAndIntStaysApartFromDouble(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try kind.makeCache(in: directory)
        try cache.merge(records: records([("A", ["l": .list([.int(1), .int(2)]), "n": .int(1)])]))
        let changed = try cache.merge(records: records([("A", ["l": .list([.int(9)]), "n": .double(1)])]))
        #expect(changed == [FieldKey(record: "A", field: "l"), FieldKey(record: "A", field: "n")])
        #expect(try cache.loadRecord(forKey: "A")?.fields == ["l": .list([.int(9)]), "n": .double(1)])
    }

    @Test(arguments: CacheKind.allCases)
    func remergingEqualDataReportsNothing(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try kind.makeCache(in: directory)
        let set = records([
            (.queryRoot, ["hero": .reference("Droid:2001"), "friends": .list([.list([.reference("Human:1000")]), .null])]),
            ("Droid:2001", ["name": .string("R2-D2"), "score": .double(1.5), "on": .bool(true), "meta": .object(["a": .int(1)])]),
        ])
        #expect(try cache.merge(records: set).count == 6)
        #expect(try cache.merge(records: set).isEmpty)
        #expect(try cache.loadRecords(forKeys: [.queryRoot, "Droid:2001", "Nope:1"]).count == 2)
        #expect(try cache.loadRecord(forKey: .queryRoot) == set[.queryRoot])
    }

    @Test(arguments: CacheKind.allCases)
    func patternIsLiteralNotWildcard(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try filled(kind, directory, keys: ["human_1002", "HumanX1002", "Human%1002", #"a\b"#])
        #expect(try cache.removeRecords(matching: "human_1002") == ["human_1002"])
        #expect(try cache.removeRecords(matching: "n%1") == ["Human%1002"])
        #expect(try cache.removeRecords(matching: #"\"#) == [#"a\b"#])
        #expect(try cache.loadRecord(forKey: "HumanX1002") != nil)
    }

    @Test(arguments: CacheKind.allCases)
    func patternIsCaseInsensitive(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try filled(kind, directory, keys: ["QUERY_ROOT.hero", "QUERY_ROOT.hero.friends.0", "Droid:2001"])
        #expect(try cache.removeRecords(matching: "HERO") == ["QUERY_ROOT.hero", "QUERY_ROOT.hero.friends.0"])
        #expect(try cache.recordCount() == 1)
    }

    @Test(arguments: CacheKind.allCases)
    func patternFoldsUnicodeLikeTheInMemoryDefinition(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let keys = ["Person:ünï", "Person:uni", "Temp:\u{212A}elvin", "Cafe:e\u{301}", "Plain:kelvin"]
        let cache = try filled(kind, directory, keys: keys)
        #expect(try cache.keyCount(matching: "ÜNÏ") == 1)
        #expect(try cache.removeRecords(matching: "ÜNÏ") == ["Person:ünï"])
        let all: [CacheKey] = keys.map { CacheKey($0) }
        let kelvin = KeyPattern("kel"), accent = KeyPattern(":e")
        let expectedKelvin = Set(all.filter { kelvin.matches($0) })
        #expect(try cache.removeRecords(matching: "kel") == expectedKelvin)
        let expectedAccent = Set(all.filter { accent.matches($0) && !kelvin.matches($0) })
        #expect(try cache.removeRecords(matching: ":e") == expectedAccent)
    }

    /// `item:1` is removed with SQLite's plain `LIKE` scan: its hits on non-ASCII keys are tested
    /// again (a combining mark after `1` makes another character), and non-ASCII keys holding
    /// the pattern are still found.
    @Test(arguments: CacheKind.allCases)
    func aLiteralASCIIPatternRemovesExactlyTheUnicodeMatches(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let keys = ["Item:1", "ITEM:10", "Item:2", "Item:1\u{301}", "Ünï:item:1", "Itém:1", "Ite\u{301}m:1", "x_item:1%"]
        let cache = try filled(kind, directory, keys: keys)
        #expect(KeyPattern("item:1").byteSearchFindsEveryMatch)
        #expect(try cache.removeRecords(matching: "item:1") == ["Item:1", "ITEM:10", "Ünï:item:1", "x_item:1%"])
        // `Itém:1` and `Ite\u{301}m:1` are two keys (bytes, though canonically equivalent): four stay.
        #expect(try cache.recordCount() == 4)
    }

    @Test(arguments: CacheKind.allCases)
    func removeRecordDoesNotCascade(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try kind.makeCache(in: directory)
        try cache.merge(records: records([(.queryRoot, ["hero": .reference("Droid:2001")]), ("Droid:2001", ["name": .string("R2-D2")])]))
        #expect(try cache.removeRecord(for: "Droid:2001"))
        #expect(try cache.removeRecord(for: "Droid:2001") == false)
        #expect(try cache.loadRecord(forKey: .queryRoot)?["hero"] == .reference("Droid:2001"))
    }

    @Test(arguments: CacheKind.allCases)
    func clearRemovesEverything(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try filled(kind, directory, keys: ["a", "b"])
        try cache.clear()
        #expect(try cache.recordCount() == 0)
        #expect(try cache.keys(matching: nil, offset: 0, limit: 10).isEmpty)
    }

    @Test(arguments: CacheKind.allCases)
    func keysComeRootsFirstInNaturalOrderWithPagingAndFilter(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try filled(kind, directory, keys: ["Item:10", "Item:2", "QUERY_ROOT.items", "Alpha", "QUERY_ROOT", "MUTATION_ROOT", "Item:1"])
        #expect(try cache.keys(matching: nil, offset: 0, limit: 100).map(\.rawValue)
            == ["QUERY_ROOT", "QUERY_ROOT.items", "MUTATION_ROOT", "Alpha", "Item:1", "Item:2", "Item:10"])
        #expect(try cache.keys(matching: nil, offset: 5, limit: 1).map(\.rawValue) == ["Item:2"])
        #expect(try cache.keys(matching: "item", offset: 1, limit: 2).map(\.rawValue) == ["Item:1", "Item:2"])
        #expect(try cache.keyCount(matching: "ITEM") == 4)
        #expect(try cache.keyCount(matching: nil) == 7)
    }

    @Test(arguments: CacheKind.allCases)
    func keyPagesFollowWritesAndRemovals(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try filled(kind, directory, keys: ["Item:3", "Item:1"])
        #expect(try cache.keys(matching: "item", offset: 0, limit: 10) == ["Item:1", "Item:3"])
        try cache.merge(records: records([("Item:2", ["x": .int(1)]), ("Item:1", ["x": .int(5)])]))
        #expect(try cache.keys(matching: nil, offset: 0, limit: 10) == ["Item:1", "Item:2", "Item:3"])
        #expect(try cache.keys(matching: "item", offset: 0, limit: 10) == ["Item:1", "Item:2", "Item:3"])
        try cache.removeRecords(matching: ":3")
        try cache.removeRecord(for: "Item:1")
        #expect(try cache.keys(matching: nil, offset: 0, limit: 10) == ["Item:2"])
        #expect(try cache.keyCount(matching: "item") == 1)
    }

    /// A load bigger than the SQLite cache's chunk (it lets other readers in between chunks)
    /// still gives every present record and leaves out the absent ones.
    @Test(arguments: CacheKind.allCases)
    func aLoadOfManyChunksGivesEveryRecord(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let keys = (0..<5_000).map { "Item:\($0)" }
        let cache = try filled(kind, directory, keys: keys)
        let wanted = Set(keys.map { CacheKey($0) } + (0..<100).map { CacheKey("Absent:\($0)") })
        let loaded = try cache.loadRecords(forKeys: wanted)
        #expect(Set(loaded.keys) == Set(keys.map { CacheKey($0) }))
        #expect(loaded.values.allSatisfy { $0.fields == ["x": .int(1)] })
    }

    @Test(arguments: CacheKind.allCases)
    func forEachRecordVisitsEveryRecord(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let keys = (0..<1200).map { "Item:\($0)" }
        let cache = try filled(kind, directory, keys: keys)
        var seen = Set<CacheKey>()
        try cache.forEachRecord { result in if case .record(let record) = result { seen.insert(record.key) } }
        #expect(seen == Set(keys.map { CacheKey($0) }))
        #expect(try cache.allRecords().count == 1200)
        #expect(try cache.loadRecords(forKeys: Set(keys.map { CacheKey($0) } + ["Absent:1"])).count == 1200)
    }

    @Test(arguments: CacheKind.allCases)
    func recordsPersistAcrossReopenIncludingDottedArguments(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let set = records([
            (.queryRoot, ["hero(text:Luke.Skywalker)": .reference("Human:1000"), "count": .int(3)]),
            ("Human:1000", ["name": .string("Luke \"Skywalker\"\n"), "mass": .double(77.5), "tags": .list([.string("JEDI"), .null])]),
        ])
        do {
            let cache = try kind.makeCache(in: directory)
            try cache.merge(records: set)
        }
        let memory = kind == .memory ? try kind.makeCache(in: directory) : nil
        if let memory { try memory.merge(records: set) }
        let reopened = try kind.reopen(memory ?? kind.makeCache(in: directory), in: directory)
        #expect(try reopened.allRecords() == set)
        let changed = try reopened.merge(records: records([(.queryRoot, ["hero(text:Luke.Skywalker)": .null])]))
        #expect(changed == [FieldKey(record: .queryRoot, field: "hero(text:Luke.Skywalker)")])
    }
}
