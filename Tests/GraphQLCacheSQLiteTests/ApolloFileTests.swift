import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// Files written by Apollo iOS (its exact DDL and record JSON) open as they are and read back
/// as the same records, and opening and reading them changes nothing in the file.
@Suite struct ApolloFileTests {
    static let apolloRows: [(String, String)] = [
        ("QUERY_ROOT", #"{"hero":{"$reference":"Droid:2001"},"hero(episode:JEDI)":{"$reference":"Human:1000"},"search(text:Luke.Sky)":[[{"$reference":"Human:1000"}],[]]}"#),
        ("Droid:2001", #"{"__typename":"Droid","id":"2001","name":"R2-D2","friends":[{"$reference":"Human:1000"},{"$reference":"Human:1002"}],"appearsIn":["NEWHOPE","EMPIRE","JEDI"],"primaryFunction":null}"#),
        ("Human:1000", #"{"__typename":"Human","name":"Luke Skywalker","height":1.72,"mass":77,"isJedi":true,"starships":[]}"#),
    ]

    @Test func apolloFileReadsBackEveryValueKind() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("apollo.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: Self.apolloRows)
        let cache = try SQLiteNormalizedCache(path: path)
        let records = try cache.loadRecords(forKeys: [.queryRoot, "Droid:2001", "Human:1000"])
        #expect(records[.queryRoot]?["hero"] == .reference("Droid:2001"))
        #expect(records[.queryRoot]?["search(text:Luke.Sky)"] == .list([.list([.reference("Human:1000")]), .list([])]))
        #expect(records["Droid:2001"]?["friends"] == .list([.reference("Human:1000"), .reference("Human:1002")]))
        #expect(records["Droid:2001"]?["appearsIn"] == .list([.string("NEWHOPE"), .string("EMPIRE"), .string("JEDI")]))
        #expect(records["Droid:2001"]?["primaryFunction"] == .null)
        #expect(records["Human:1000"]?["height"] == .double(1.72))
        #expect(records["Human:1000"]?["mass"] == .int(77))
        #expect(records["Human:1000"]?["isJedi"] == .bool(true))
        #expect(try cache.keys(matching: nil, offset: 0, limit: 10) == [.queryRoot, "Droid:2001", "Human:1000"])
    }

    @Test func openingAndReadingLeavesAnOldStyleDeleteJournalFileUnchanged() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("apollo-0x.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: Self.apolloRows,
                                      extraSQL: #"CREATE UNIQUE INDEX IF NOT EXISTS "index_key" ON "records" ("key");"#)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        do {
            let cache = try SQLiteNormalizedCache(path: path)
            #expect(try cache.allRecords().count == 3)
            #expect(try cache.keyCount(matching: "droid") == 1)
            _ = try cache.hasExternalChanges()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try SQLiteTestFile.scalar("PRAGMA journal_mode", at: path) == "delete")
    }

    /// Variants of Apollo's SQLite support that record when a row arrived add a column with a
    /// default (`lastReceivedAt INTEGER DEFAULT 0`) and set `user_version`: such a file reads,
    /// takes new and changed rows, and keeps its column's values and its version.
    @Test func aFileWithAnExtraColumnFromAnotherVersionReadsAndWritesKeepingIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("apollo-received-at.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: Self.apolloRows, extraSQL: """
            ALTER TABLE records ADD COLUMN lastReceivedAt INTEGER DEFAULT 0;
            PRAGMA user_version = 1;
            """)
        try SQLiteTestFile.run("UPDATE records SET lastReceivedAt = 1700000000", at: path)
        let cache = try SQLiteNormalizedCache(path: path)
        #expect(try cache.loadRecord(forKey: "Droid:2001")?["name"] == .string("R2-D2"))
        try cache.merge(records: RecordSet(records: [
            Record(key: "Droid:2001", ["name": .string("Artoo")]),
            Record(key: "Human:1003", ["__typename": .string("Human"), "name": .string("Leia")]),
        ]))
        let received = #"SELECT lastReceivedAt FROM records WHERE key = "#
        #expect(try SQLiteTestFile.scalar(received + "'Droid:2001'", at: path) == "1700000000")
        #expect(try SQLiteTestFile.scalar(received + "'Human:1003'", at: path) == "0")
        #expect(try SQLiteTestFile.scalar("PRAGMA user_version", at: path) == "1")
        let reopened = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        #expect(try reopened.loadRecord(forKey: "Droid:2001")?["name"] == .string("Artoo"))
        #expect(try reopened.loadRecord(forKey: "Human:1003")?["name"] == .string("Leia"))
    }

    /// A column we cannot fill (NOT NULL, no default) makes a write fail whole, naming the
    /// column, with nothing half-written; reads still work.
    @Test func aColumnWeCannotFillRefusesTheWholeWriteNamingIt() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("apollo-not-null.sqlite")
        try SQLiteTestFile.run("""
            CREATE TABLE records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT UNIQUE, record TEXT,
                                  lastReceivedAt INTEGER NOT NULL);
            INSERT INTO records (key, record, lastReceivedAt) VALUES ('A', '{"x":1}', 5);
            """, at: path)
        let cache = try SQLiteNormalizedCache(path: path)
        #expect(try cache.loadRecord(forKey: "A")?["x"] == .int(1))
        #expect {
            try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(2)]), Record(key: "B", ["y": .int(1)])]))
        } throws: { error in
            "\(error)".contains("NOT NULL constraint failed: records.lastReceivedAt") && "\(error)".contains(path)
        }
        #expect(try SQLiteTestFile.scalar("SELECT count(*) FROM records", at: path) == "1")
        #expect(try SQLiteTestFile.scalar("SELECT record FROM records WHERE key = 'A'", at: path) == #"{"x":1}"#)
    }

    @Test func writingAnApolloFileKeepsIdsAndApolloCanReadTheJSON() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("apollo.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: Self.apolloRows)
        let idBefore = try SQLiteTestFile.scalar(#"SELECT _id FROM records WHERE key = 'Human:1000'"#, at: path)
        let cache = try SQLiteNormalizedCache(path: path)
        let changed = try cache.merge(records: RecordSet(records: [Record(key: "Human:1000", ["name": .string("Luke"), "height": .double(1.72)])]))
        #expect(changed == [FieldKey(record: "Human:1000", field: "name")])
        #expect(try SQLiteTestFile.scalar(#"SELECT _id FROM records WHERE key = 'Human:1000'"#, at: path) == idBefore)
        #expect(try SQLiteTestFile.scalar(#"SELECT json_extract(record, '$.name') FROM records WHERE key = 'Human:1000'"#, at: path) == "Luke")
        #expect(try SQLiteTestFile.scalar("PRAGMA journal_mode", at: path) == "delete")
    }

    @Test func aFileWeCreateHasApolloSchemaAndWAL() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        try cache.merge(records: RecordSet(records: [Record(key: "QUERY_ROOT", ["hero": .reference("Droid:2001")])]))
        #expect(try SQLiteTestFile.scalar("PRAGMA journal_mode", at: path) == "wal")
        let ddl = try SQLiteTestFile.scalar("SELECT sql FROM sqlite_master WHERE name = 'records'", at: path)
        #expect(ddl == #"CREATE TABLE "records" ("_id" INTEGER, "key" TEXT UNIQUE, "record" TEXT, PRIMARY KEY("_id" AUTOINCREMENT))"#)
        #expect(try SQLiteTestFile.scalar("SELECT record FROM records", at: path) == #"{"hero":{"$reference":"Droid:2001"}}"#)
    }

    @Test func aWALFileFromElsewhereOpensAndReads() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("wal.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: Self.apolloRows, extraSQL: "PRAGMA journal_mode=WAL;")
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        #expect(try cache.recordCount() == 3)
        #expect(try cache.loadRecord(forKey: "Droid:2001")?.typename == "Droid")
    }
}
