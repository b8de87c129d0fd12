import CacheTestSupport
import GraphQLCache
import Testing
@testable import GraphQLCacheSQLite

/// Findings 4 and 10 of issue 15: a cache file is untrusted. Its triggers do not run on our
/// writes (nor hang them), a view named `records` is refused by name, and keys that are not
/// UTF-8 are reported by their bytes instead of colliding.
@Suite struct HostileFileTests {
    private func file(_ extraSQL: String, rows: [(String, String)]) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.path("hostile.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: rows, extraSQL: extraSQL)
        return (directory, path)
    }

    @Test func aTriggerInTheFileDoesNotRunOnOurWrites() throws {
        let trigger = """
            CREATE TRIGGER sabotage AFTER UPDATE ON records BEGIN DELETE FROM records WHERE key != new.key; END;
            CREATE TRIGGER sabotage2 AFTER INSERT ON records BEGIN DELETE FROM records WHERE key != new.key; END;
            """
        let (directory, path) = try file(trigger, rows: [("A", #"{"x":1}"#), ("B", #"{"x":2}"#), ("C", #"{"x":3}"#)])
        let cache = try SQLiteNormalizedCache(path: path)
        let changed = try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(9)]), Record(key: "D", ["x": .int(4)])]))
        #expect(Set(changed.map(\.description)) == ["A.x", "D.x"])
        #expect(try cache.recordCount() == 4)
        #expect(try cache.loadRecord(forKey: "B")?["x"] == .int(2))
        _ = directory
    }

    @Test(.timeLimit(.minutes(1)))
    func aTriggerThatNeverEndsCannotHangAWrite() throws {
        let endless = """
            CREATE TRIGGER endless AFTER UPDATE ON records BEGIN
              SELECT count(*) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n);
            END;
            """
        let (directory, path) = try file(endless, rows: [("A", #"{"x":1}"#)])
        let cache = try SQLiteNormalizedCache(path: path)
        #expect(try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(2)])])).count == 1)
        #expect(try cache.removeRecord(for: "A"))
        _ = directory
    }

    @Test(arguments: [false, true])
    func aViewNamedRecordsIsRefusedByName(readOnly: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("view.sqlite")
        try SQLiteTestFile.run("""
            CREATE TABLE real (key TEXT, record TEXT);
            CREATE VIEW Records AS SELECT key, record FROM real;
            """, at: path)
        #expect(throws: SQLiteError.recordsIsAView(path: path)) {
            _ = try SQLiteNormalizedCache(path: path, options: .init(readOnly: readOnly))
        }
        #expect(SQLiteError.recordsIsAView(path: path).description.contains("\"records\" is a view"))
    }

    @Test func keysThatAreNotUTF8AreReportedByTheirBytesInsteadOfColliding() throws {
        let (directory, path) = try file("""
            INSERT INTO records (key, record) VALUES (CAST(X'61FF' AS TEXT), '{"x":1}');
            INSERT INTO records (key, record) VALUES (CAST(X'61FE' AS TEXT), '{"x":2}');
            """, rows: [("ok", #"{"x":3}"#)])
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        var good: [String] = [], bad: [String] = []
        try cache.forEachRecord { result in
            switch result {
            case .record(let record): good.append(record.key.rawValue)
            case .broken(let error): bad.append(error.reason)
            }
        }
        #expect(good == ["ok"])
        #expect(bad.count == 2)
        #expect(bad.contains { $0.contains("not valid UTF-8 (bytes 61 FF)") })
        #expect(bad.contains { $0.contains("not valid UTF-8 (bytes 61 FE)") })
        _ = directory
    }

    @Test(arguments: CacheKind.allCases)
    func aFieldSetOnARecordOf100000FieldsChangesThatFieldOnly(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        let cache = try kind.makeCache(in: directory)
        var fields: [String: CacheValue] = [:]
        for index in 0..<100_000 { fields["f\(index)"] = .int(index) }
        try cache.merge(records: RecordSet(records: [Record(key: "Wide:1", fields)]))
        let changed = try cache.merge(records: RecordSet(records: [Record(key: "Wide:1", ["f5": .string("x")])]))
        #expect(changed.map(\.description) == ["Wide:1.f5"])
        let record = try #require(try kind.reopen(cache, in: directory).loadRecord(forKey: "Wide:1"))
        #expect(record.fields.count == 100_000)
        #expect(record["f5"] == .string("x"))
        #expect(record["f99999"] == .int(99_999))
    }
}
