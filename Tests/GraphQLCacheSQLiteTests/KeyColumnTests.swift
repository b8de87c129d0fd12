import CacheTestSupport
import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// A `records.key` column that would change or fold the bytes of a key (a numeric affinity, a
/// collation other than `BINARY`, on the column or on a unique index) is refused when the file
/// is opened, naming the column and what is wrong; Apollo's own table keeps opening.
@Suite struct KeyColumnTests {
    /// Tables whose `key` column loses or merges rows, with a word the refusal must say.
    static let refused: [(ddl: String, says: String)] = [
        ("CREATE TABLE records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key INTEGER UNIQUE, record TEXT)", "INTEGER"),
        ("CREATE TABLE records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key REAL UNIQUE, record TEXT)", "REAL"),
        ("CREATE TABLE records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key NUMERIC UNIQUE, record TEXT)", "NUMERIC"),
        ("CREATE TABLE records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT COLLATE NOCASE UNIQUE, record TEXT)", "NOCASE"),
        ("CREATE TABLE records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT UNIQUE COLLATE RTRIM, record TEXT)", "RTRIM"),
        ("""
         CREATE TABLE records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT, record TEXT);
         CREATE UNIQUE INDEX records_key ON records (key COLLATE NOCASE)
         """, "NOCASE"),
        ("""
         CREATE TABLE records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT, record TEXT);
         CREATE UNIQUE INDEX records_lower ON records (lower(key))
         """, "records_lower"),
    ]

    @Test(arguments: refused.indices)
    func aKeyColumnThatChangesKeysIsRefusedByName(_ index: Int) throws {
        let (ddl, says) = Self.refused[index]
        let directory = try TemporaryDirectory()
        let path = directory.path("odd.sqlite")
        try SQLiteTestFile.run(ddl, at: path)
        var failure: SQLiteError?
        do { _ = try SQLiteNormalizedCache(path: path) } catch let error as SQLiteError { failure = error }
        let message = try #require(failure?.description)
        #expect(message.contains(path))
        #expect(message.contains("records.key"))
        #expect(message.contains(says))
        // Read-only opens (browsing, export) refuse it too: what they show would be wrong.
        #expect(throws: SQLiteError.self) { _ = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true)) }
    }

    /// The losses the refusal prevents, as the issue found them: eight keys merged into a
    /// `NOCASE` table left fewer rows.
    @Test func aNocaseKeyColumnIsNotWrittenTo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("nocase.sqlite")
        try SQLiteTestFile.run(Self.refused[3].ddl, at: path)
        #expect(throws: SQLiteError.self) { _ = try SQLiteNormalizedCache(path: path) }
        #expect(try SQLiteTestFile.scalar("SELECT count(*) FROM records", at: path) == "0")
    }

    /// Apollo iOS's table, a table with a declared text type of another spelling, one with no
    /// declared type, and extra indexes that do not fold keys all open and keep every key.
    @Test(arguments: [
        SQLiteTestFile.apolloDDL,
        "CREATE TABLE IF NOT EXISTS records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT UNIQUE, record TEXT)",
        "CREATE TABLE records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key VARCHAR(255) UNIQUE COLLATE BINARY, record TEXT)",
        "CREATE TABLE records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key UNIQUE, record)",
        """
        CREATE TABLE records (_id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT UNIQUE, record TEXT);
        CREATE INDEX records_nocase ON records (key COLLATE NOCASE);
        CREATE UNIQUE INDEX records_pair ON records (key, record)
        """,
    ])
    func keyColumnsThatKeepBytesOpen(_ ddl: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("fine.sqlite")
        try SQLiteTestFile.run(ddl, at: path)
        let cache = try SQLiteNormalizedCache(path: path)
        let keys: [CacheKey] = ["0123", "123", "Human:1000", "HUMAN:1000", "a ", "a", "Caf\u{E9}", "Cafe\u{301}"]
        let changed = try cache.merge(records: RecordSet(records: keys.map { Record(key: $0, ["k": .string($0.rawValue)]) }))
        #expect(changed.records.count == keys.count)
        #expect(try cache.recordCount() == keys.count)
        for key in keys { #expect(try cache.loadRecord(forKey: key)?["k"] == .string(key.rawValue)) }
    }
}
