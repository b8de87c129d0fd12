import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// `forEachRecord(pointingAt:)` and `forEachRecord(pointingInto:)` may skip records whose text
/// cannot mention the key (SQLite tests the JSON text first): they must still visit every record
/// that holds such a reference, however it is written.
@Suite struct ReferenceScanTests {
    /// Records pointing at `User:7` from a field, a list and a nested list, beside records
    /// pointing at `User:70` and `user:7` (other keys) or naming it in a string.
    static let records = RecordSet(records: [
        Record(key: "User:7", ["name": .string("Seven")]),
        Record(key: "User:70", ["name": .string("Seventy")]),
        Record(key: "Item:1", ["owner": .reference("User:7")]),
        Record(key: "Item:2", ["related": .list([.reference("Item:1"), .reference("User:7")])]),
        Record(key: "Item:3", ["grid": .list([.list([.null, .reference("User:7")])])]),
        Record(key: "Item:4", ["owner": .reference("User:70"), "note": .string("User:7 in a string")]),
        Record(key: "Item:5", ["owner": .reference("user:7")]),
        Record(key: "Item:10", ["owner": .reference("User:7")]),
        // KELVIN SIGN: the pattern `k` matches this key though its row holds no `k` byte.
        Record(key: "Item:6", ["owner": .reference("Temp:\u{212A}")]),
        Record(key: .queryRoot, ["items": .list((1...5).map { .reference(CacheKey("Item:\($0)")) })]),
    ])

    /// The records among those visited that really reference `key`.
    private func referrers(of key: CacheKey, in cache: any BrowsableNormalizedCache) throws -> Set<CacheKey> {
        var found = Set<CacheKey>()
        try cache.forEachRecord(pointingAt: key) { result in
            if case .record(let record) = result, record.referencedKeys.contains(key) { found.insert(record.key) }
        }
        return found
    }

    @Test(arguments: CacheKind.allCases)
    func everyRecordPointingAtAKeyIsVisited(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try kind.makeCache(in: directory)
        try cache.merge(records: Self.records)
        #expect(try referrers(of: "User:7", in: cache) == ["Item:1", "Item:2", "Item:3", "Item:10"])
        #expect(try referrers(of: "Item:1", in: cache) == ["Item:2", CacheKey.queryRoot])
    }

    @Test(arguments: CacheKind.allCases)
    func aKeyWithAKelvinSignIsAnotherKeyThanWithK(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try kind.makeCache(in: directory)
        try cache.merge(records: RecordSet(records: [Record(key: "A", ["t": .reference("Temp:\u{212A}")])]))
        // Keys are bytes: equal as text (canonically equivalent) is not the same key.
        #expect(try referrers(of: "Temp:\u{212A}", in: cache) == ["A"])
        #expect(try referrers(of: "Temp:K", in: cache) == [])
    }

    @Test func aReferenceWrittenWithUnicodeEscapesByAnotherWriterIsVisited() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("apollo.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("User:7", #"{"name":"Seven"}"#),
            ("Item:1", #"{"owner":{"$reference":"User:\u0037"}}"#),
            ("Item:2", #"{"owner" : { "$reference" : "User:7" }}"#),
        ])
        let cache = try SQLiteNormalizedCache(path: path)
        #expect(try referrers(of: "User:7", in: cache) == ["Item:1", "Item:2"])
        var dangling = Set<CacheKey>()
        try cache.forEachRecord(pointingInto: KeyPattern("user:")) { result in
            if case .record(let record) = result, !record.referencedKeys.isEmpty { dangling.insert(record.key) }
        }
        #expect(dangling == ["Item:1", "Item:2"])
    }

    @Test(arguments: CacheKind.allCases)
    func everyRecordOutsideAPatternPointingIntoItIsVisitedAndNoneInside(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try kind.makeCache(in: directory)
        try cache.merge(records: Self.records)
        for text in ["ITEM:1", "user:7", "Item:1\u{301}", "k", "a/b", ""] {
            let pattern = KeyPattern(text)
            var visited: [CacheKey] = [], pointing = Set<CacheKey>()
            try cache.forEachRecord(pointingInto: pattern) { result in
                guard case .record(let record) = result else { return }
                visited.append(record.key)
                if record.referencedKeys.contains(where: pattern.matches) { pointing.insert(record.key) }
            }
            let expected = Set(Self.records.records.filter { record in
                !pattern.matches(record.key) && record.referencedKeys.contains(where: pattern.matches)
            }.map(\.key))
            #expect(pointing == expected, "\(text)")
            #expect(!visited.contains(where: pattern.matches), "\(text)")
        }
    }
}
