import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// A merge compares incoming records with stored rows by their bytes first: whatever the stored
/// text looks like, it reports exactly the fields whose values changed.
@Suite struct MergeChangeDetectionTests {
    private func merge(_ fields: [String: CacheValue], into cache: SQLiteNormalizedCache, key: CacheKey = "A") throws -> FieldChanges {
        try cache.merge(records: RecordSet(records: [Record(key: key, fields)]))
    }

    @Test func rowsWrittenByApolloInItsOwnLayoutAreComparedByValue() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("apollo.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("A", #"{ "name" : "R2-D2", "height": 0.96, "friends": [ {"$reference": "B"} ] }"#),
        ])
        let cache = try SQLiteNormalizedCache(path: path)
        #expect(try merge(["friends": .list([.reference("B")]), "height": .double(0.96), "name": .string("R2-D2")], into: cache).isEmpty)
        #expect(try merge(["name": .string("Artoo"), "height": .double(0.96)], into: cache) == [FieldKey(record: "A", field: "name")])
        #expect(try cache.loadRecord(forKey: "A")?.fields.count == 3)
    }

    /// SQLite compares the incoming JSON with the stored row as text; another writer's row
    /// holding the same bytes as a BLOB is unequal there, and settled as unchanged in Swift.
    @Test func aRowStoredAsABlobWithTheSameBytesIsUnchangedAndLeftAlone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("blob.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("A", #"{"name":"R2-D2"}"#)])
        try SQLiteTestFile.run(#"UPDATE records SET record = CAST(record AS BLOB)"#, at: path)
        let cache = try SQLiteNormalizedCache(path: path)
        #expect(try merge(["name": .string("R2-D2")], into: cache).isEmpty)
        #expect(try SQLiteTestFile.scalar("SELECT typeof(record) FROM records WHERE key = 'A'", at: path) == "blob")
        #expect(try merge(["name": .string("Artoo")], into: cache) == [FieldKey(record: "A", field: "name")])
        #expect(try SQLiteTestFile.scalar("SELECT record FROM records WHERE key = 'A'", at: path) == #"{"name":"Artoo"}"#)
    }

    @Test func remergingEqualRecordsChangesNothingAndChangedOnesOnlyTheirFields() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(path: directory.path("c.sqlite"))
        let records = RecordSet(records: (0..<300).map { Record(key: CacheKey("Item:\($0)"), ["n": .int($0), "s": .string("x\($0)")]) })
        #expect(try cache.merge(records: records).count == 600)
        #expect(try cache.merge(records: records).isEmpty)
        let changed = RecordSet(records: (0..<300).map { Record(key: CacheKey("Item:\($0)"), ["n": .int($0 % 3 == 0 ? -1 : $0)]) })
        #expect(try cache.merge(records: changed).fieldKeys == Set(stride(from: 0, to: 300, by: 3).map { FieldKey(record: CacheKey("Item:\($0)"), field: "n") }))
        #expect(try cache.loadRecord(forKey: "Item:3")?.fields == ["n": .int(-1), "s": .string("x3")])
    }

    @Test func aNaNFieldStoredAsNullIsComparedByValueNotByBytes() throws {
        // NaN has no JSON form and is stored as null: its bytes equal a stored null's, yet the
        // values differ, so each merge of NaN reports the field and a merge of null does not.
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(path: directory.path("nan.sqlite"))
        let x: FieldChanges = [FieldKey(record: "A", field: "x")]
        #expect(try merge(["x": .null], into: cache) == x)
        #expect(try merge(["x": .double(.nan)], into: cache) == x)
        #expect(try merge(["x": .double(.nan)], into: cache) == x)
        #expect(try merge(["x": .null], into: cache).isEmpty)
    }

    @Test func aCustomScalarThatLooksLikeAReferenceIsStillReported() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(path: directory.path("ref.sqlite"))
        _ = try merge(["x": .reference("K")], into: cache)
        #expect(try merge(["x": .object(["$reference": .string("K")])], into: cache) == [FieldKey(record: "A", field: "x")])
    }

    @Test func aLargeMergeIntoAnEmptyFileReportsEveryFieldAndALaterOneInTheSameTransactionSeesItsRows() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(path: directory.path("empty.sqlite"))
        let records = RecordSet(records: (0..<100).map { Record(key: CacheKey("Item:\($0)"), ["n": .int($0), "s": .string("x")]) })
        let changed = RecordSet(records: (0..<100).map { Record(key: CacheKey("Item:\($0)"), ["n": .int($0 == 7 ? -7 : $0)]) })
        try cache.performAtomically { () throws -> Void in
            #expect(try cache.merge(records: records).count == 200)
            #expect(try cache.merge(records: changed) == [FieldKey(record: "Item:7", field: "n")])
        }
        #expect(try cache.loadRecord(forKey: "Item:7")?.fields == ["n": .int(-7), "s": .string("x")])
    }

    @Test func aLargeMergeSeesRowsAnotherConnectionWroteAfterThisOneOpened() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("shared.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        let records = RecordSet(records: (0..<100).map { Record(key: CacheKey("Item:\($0)"), ["n": .int($0)]) })
        #expect(try cache.loadRecords(forKeys: [CacheKey("Item:1")]).isEmpty)
        try SQLiteNormalizedCache(path: path).merge(records: records)
        #expect(try cache.merge(records: records).isEmpty)
    }
}
