import CacheDiagnostics
import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// The census that `neverFetched` diagnoses stand on is made on SQLite from the stored text's
/// member names (`RecordShape.scan`) instead of decoded records: it must count exactly what a
/// census of decoded records counts, whatever the rows hold.
@Suite struct RecordShapeCensusTests {
    static let rows: [(String, String)] = [
        ("QUERY_ROOT", #"{"hero":{"$reference":"Droid:2001"},"hero(episode:JEDI)":{"$reference":"Human:1000"}}"#),
        ("Droid:2001", #" { "__typename" : "Droid", "name":"R2-D2", "friends":[{"$reference":"Human:1000"},[]], "meta":{"a":{"b":"}"}} } "#),
        ("Human:1000", #"{"__typename":"Hu\u006dan","name":"Luke","height":1.72}"#),
        ("Human:1001", #"{"__typename":"Human","na\u006de":"Han","friends(first:2)":[]}"#),
        ("QUERY_ROOT.hero", #"{"__typename":"Droid","primaryFunction":null}"#),
        ("Typeless:1", #"{"__typename":null,"name":"x"}"#),
        ("Numbered:1", #"{"__typename":5,"name":"x"}"#),
        ("Ünïcode:1", #"{"__typename":"Ünïcode","名前":"x"}"#),
        ("Broken:1", "not json"),
        ("Broken:2", #"{"__typename":"Broken","a":"#),
        ("Broken:3", #"{"__typename":"Broken"} trailing"#),
    ]

    /// A page of the census's scan that ends in broken rows goes on from the last row read: it
    /// went on from the last readable row, reading the broken ones again, and a page of nothing
    /// but broken rows (600 rows an app left half written) ended the census there.
    @Test func aCensusReadsPastAPageOfBrokenRows() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("broken-page.sqlite")
        let rows = [("Droid:1", #"{"__typename":"Droid"}"#)] + (0..<600).map { ("Broken:\($0)", "not json") }
            + [("Human:1", #"{"__typename":"Human"}"#)]
        try SQLiteTestFile.apolloFile(at: path, rows: rows)
        let cache = try SQLiteNormalizedCache(path: path)
        var keys: [CacheKey] = []
        try cache.forEachRecordShape { key, _ in keys.append(key) }
        #expect(keys == ["Droid:1", "Human:1"])
    }

    @Test func censusFromStoredTextEqualsCensusFromDecodedRecords() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("census.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: Self.rows)
        try SQLiteTestFile.run(#"INSERT INTO records (key, record) VALUES (NULL, '{"__typename":"Null"}');"#, at: path)
        let cache = try SQLiteNormalizedCache(path: path)
        var decoded = RecordCensus()
        try cache.forEachRecord { row in if case .record(let record) = row { decoded.add(record) } }
        let scanned = try RecordCensus.of(cache)
        #expect(scanned == decoded)
        #expect(scanned.types["Human"]?.records == 2)
        #expect(scanned.types["Human"]?.fieldNames == ["__typename", "name", "height", "friends"])
        #expect(scanned.types["Droid"]?.pathKeyed == 1)
        #expect(scanned.types["Query"]?.fieldNames == ["hero"])
        #expect(scanned.types["Broken"] == nil && scanned.types["Null"] == nil)
    }

    @Test func scanNamesMembersAndDefersToDecodingWhereItCannotVouch() {
        func scan(_ text: String) -> RecordShape? {
            Array(text.utf8).withUnsafeBufferPointer { RecordShape.scan($0) }
        }
        #expect(scan(#"{"__typename":"Droid","friends":[{"$reference":"A"}],"x":null}"#)
                == RecordShape(typename: "Droid", fieldKeys: ["__typename", "friends", "x"]))
        #expect(scan(#"{"__typename":true}"#) == RecordShape(typename: nil, fieldKeys: ["__typename"]))
        #expect(scan("{}") == RecordShape(typename: nil, fieldKeys: []))
        #expect(scan(#"{"__typename":"Dr\"oid"}"#) == nil)
        #expect(scan(#"{"n\u0061me":1}"#) == nil)
        #expect(scan(#"{"a":1} x"#) == nil)
        #expect(scan(#"[1]"#) == nil)
        #expect(Array([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D] as [UInt8]).withUnsafeBufferPointer { RecordShape.scan($0) } == nil)
    }
}
