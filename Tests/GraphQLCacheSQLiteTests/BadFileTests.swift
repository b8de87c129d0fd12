import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// Every kind of bad file or row gives an error that names the file (and the key), and one bad
/// row never hides the others.
@Suite struct BadFileTests {
    private func error(_ body: () throws -> Void) -> SQLiteError? {
        do { try body() } catch let error as SQLiteError { return error } catch { return nil }
        return nil
    }

    @Test func aFileThatIsNotSQLiteIsNamedAsSuch() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.sqlite")
        try Data(String(repeating: "this is not a database\n", count: 50).utf8).write(to: URL(fileURLWithPath: path))
        let failure = error { _ = try SQLiteNormalizedCache(path: path) }
        #expect(failure == .notADatabase(path: path))
        #expect(failure?.description.contains(path) == true)
    }

    @Test func aDatabaseWithoutRecordsTableIsNotAnApolloCache() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("other.sqlite")
        try SQLiteTestFile.run("CREATE TABLE people (name TEXT)", at: path)
        let failure = error { _ = try SQLiteNormalizedCache(path: path) }
        #expect(failure == .noRecordsTable(path: path, tables: ["people"]))
        #expect(failure?.description.contains("no \"records\" table") == true)
    }

    @Test func aDatabaseWithoutTablesBecomesACacheAsApolloDoesUnlessTheOptionRefusesIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("tableless.sqlite")
        try SQLiteTestFile.run("PRAGMA user_version = 3; CREATE TABLE t (x); DROP TABLE t", at: path)
        let refused = error { _ = try SQLiteNormalizedCache(path: path, options: .init(startsCacheInEmptyDatabase: false)) }
        #expect(refused == .noRecordsTable(path: path, tables: []))
        #expect(refused?.description == "\(path) is a SQLite database without tables, so it is not an Apollo cache (yet)")
        #expect(try SQLiteTestFile.scalar("SELECT count(*) FROM sqlite_master", at: path) == "0")
        // A new file is always made a cache, with or without the option.
        let fresh = directory.path("fresh.sqlite")
        _ = try SQLiteNormalizedCache(path: fresh, options: .init(startsCacheInEmptyDatabase: false))
        #expect(try SQLiteTestFile.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'records'", at: fresh) == "1")
        // Apollo's behaviour by default: the table is created in the database.
        let cache = try SQLiteNormalizedCache(path: path)
        try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
        #expect(try cache.loadRecord(forKey: "A")?["x"] == .int(1))
    }

    /// The broken-row summary walks the file in slices of rowids (so the explorer's key presses
    /// are not held up): broken rows in any slice are found, at a negative rowid and past gaps too.
    @Test func theBrokenRowSummaryFindsBrokenRowsInEverySliceOfTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("sliced.sqlite")
        let good = (0..<1_500).map { ("Item:\($0)", #"{"n":1}"#) }
        try SQLiteTestFile.apolloFile(at: path, rows: good)
        try SQLiteTestFile.run("""
            INSERT INTO records (_id, key, record) VALUES (-5, 'Broken:negative', 'not json');
            UPDATE records SET record = '[1]', key = 'Broken:middle' WHERE _id = 700;
            INSERT INTO records (_id, key, record) VALUES (900000, 'Broken:far', '{');
            INSERT INTO records (_id, key, record) VALUES (900001, NULL, '{}');
            """, at: path)
        let summary = try SQLiteNormalizedCache(path: path).brokenRowSummary()
        #expect(summary.brokenKeys == ["Broken:far", "Broken:middle", "Broken:negative"])
        #expect(summary.nullKeyRows == 1)
    }

    @Test func aRowWithInvalidJSONIsReportedByKeyAndDoesNotHideTheOthers() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("broken.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Broken:1", #"{"name":"#), ("Good:1", #"{"name":"ok"}"#)])
        let cache = try SQLiteNormalizedCache(path: path)
        let failure = error { _ = try cache.loadRecords(forKeys: ["Broken:1", "Good:1"]) }
        guard case .brokenRecord(let file, let recordError)? = failure else {
            Issue.record("expected brokenRecord, got \(String(describing: failure))")
            return
        }
        #expect(file == path && recordError.key == "Broken:1")
        #expect(failure?.description.contains("Broken:1") == true)
        #expect(try cache.loadRecord(forKey: "Good:1")?["name"] == .string("ok"))
        var good: [CacheKey] = [], broken: [CacheKey] = []
        try cache.forEachRecord { result in
            switch result {
            case .record(let record): good.append(record.key)
            case .broken(let error): broken.append(error.key)
            }
        }
        #expect(good == ["Good:1"] && broken == ["Broken:1"])
        #expect(try cache.removeRecord(for: "Broken:1"))
        #expect(try cache.allRecords().count == 1)
    }

    @Test func mergingOverABrokenRowReplacesIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("broken.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Broken:1", "not json")])
        let cache = try SQLiteNormalizedCache(path: path)
        #expect(try cache.keys(matching: nil, offset: 0, limit: 10) == ["Broken:1"])
        let changed = try cache.merge(records: RecordSet(records: [Record(key: "Broken:1", ["name": .string("fixed")])]))
        #expect(changed == [FieldKey(record: "Broken:1", field: "name")])
        #expect(try cache.loadRecord(forKey: "Broken:1")?["name"] == .string("fixed"))
        #expect(try cache.keys(matching: nil, offset: 0, limit: 10) == ["Broken:1"])
        try cache.merge(records: RecordSet(records: [Record(key: "Broken:1", ["name": .string("again")])]))
        #expect(try cache.keys(matching: nil, offset: 0, limit: 10) == ["Broken:1"])
    }

    @Test func aRowWithNullKeyIsReportedAndCanBeDeleted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("nullkey.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Good:1", "{}")])
        try SQLiteTestFile.run("INSERT INTO records (key, record) VALUES (NULL, '{}')", at: path)
        let cache = try SQLiteNormalizedCache(path: path)
        var reasons: [String] = []
        try cache.forEachRecord { if case .broken(let error) = $0 { reasons.append(error.reason) } }
        #expect(reasons == ["row _id 2 has a NULL key"])
        #expect(try cache.allRecords().count == 1)
        #expect(try cache.removeRowsWithNullKey() == 1)
        #expect(try cache.recordCount() == 1)
    }

    @Test func aCacheOpenedReadOnlyRefusesWritesAndLeavesTheFileAlone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("apollo.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("Good:1", #"{"a":1}"#)])
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        #expect(try cache.loadRecord(forKey: "Good:1")?["a"] == .int(1))
        let failure = error { try cache.merge(records: RecordSet(records: [Record(key: "Good:1", ["a": .int(2)])])) }
        #expect(failure == .readOnly(path: path, reason: "the cache was opened read-only"))
        #expect(error { try cache.removeRecords(matching: "good") } != nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func aMissingDirectoryIsNamed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("no/such/dir/cache.sqlite")
        let failure = error { _ = try SQLiteNormalizedCache(path: path) }
        guard case .cannotOpen(let file, _, let message)? = failure else {
            Issue.record("expected cannotOpen, got \(String(describing: failure))")
            return
        }
        #expect(file == path && message.contains("does not exist"))
        #expect(failure?.description.contains(path) == true)
    }

    @Test func aMissingFileOpenedReadOnlyIsAnErrorAndIsNotCreated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("absent.sqlite")
        #expect(error { _ = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true)) } != nil)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
