import Foundation
@testable import GraphQLCacheSQLite
import Foundation

/// Writes SQLite files the way other programs do, straight through the sqlite3 API: Apollo's
/// exact DDL and rows, broken rows, other databases.
public enum SQLiteTestFile {
    /// Apollo iOS's `CREATE TABLE`, as `ApolloSQLiteDatabase.createRecordsTableIfNeeded` runs it.
    public static let apolloDDL = """
        CREATE TABLE IF NOT EXISTS "records" (
          "_id"  INTEGER,
          "key"  TEXT UNIQUE,
          "record"  TEXT,
          PRIMARY KEY("_id" AUTOINCREMENT)
        );
        """

    /// Runs `sql` on the file at `path` (created if missing) and closes it.
    public static func run(_ sql: String, at path: String) throws {
        let connection = try SQLiteConnection(path: path, readOnly: false, create: true, busyTimeoutMilliseconds: 5000)
        try connection.exec(sql, context: "test setup")
    }

    /// One scalar from the file at `path`, as text.
    public static func scalar(_ sql: String, at path: String) throws -> String? {
        let connection = try SQLiteConnection(path: path, readOnly: true, create: false, busyTimeoutMilliseconds: 5000)
        return try connection.withStatement(sql) { statement in try statement.step() ? statement.text(0) : nil }
    }

    /// Every row of the file at `path` as stored: key to record text (nil: NULL). Keys equal as
    /// text (NFC and NFD) fall together here; `storedRowBytes` keeps them apart.
    public static func storedRows(at path: String) throws -> [String: String?] {
        Dictionary(try storedRowBytes(at: path).map { key, record in
            (String(decoding: key, as: UTF8.self), record.map { String(decoding: $0, as: UTF8.self) })
        }, uniquingKeysWith: { first, _ in first })
    }

    /// `storedRows(at:)` with keys and records as their bytes: keys equal as text but not as
    /// bytes (NFC and NFD) stay apart.
    public static func storedRowBytes(at path: String) throws -> [[UInt8]: [UInt8]?] {
        let connection = try SQLiteConnection(path: path, readOnly: true, create: false, busyTimeoutMilliseconds: 5000)
        return try connection.withStatement(#"SELECT "key", "record" FROM "records""#) { statement in
            var rows: [[UInt8]: [UInt8]?] = [:]
            while try statement.step() {
                rows[statement.withBytes(0, Array.init) ?? []] = .some(statement.withBytes(1, Array.init))
            }
            return rows
        }
    }

    /// An Apollo file with `rows` of (key, record JSON); `quote` doubles single quotes for SQL.
    /// The rows go in one transaction (one sync, not one per row).
    public static func apolloFile(at path: String, rows: [(String, String)], extraSQL: String = "") throws {
        let inserts = rows.map { "INSERT INTO records (key, record) VALUES ('\(quote($0.0))', '\(quote($0.1))');" }
        try run(apolloDDL + extraSQL + "BEGIN;\n" + inserts.joined(separator: "\n") + "\nCOMMIT;", at: path)
    }

    public static func quote(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "''") }
}

extension SQLiteTestFile {
    /// Copies an Apollo file of `rows` records in rollback-journal mode into `directory` as a
    /// process that stopped mid-write leaves it: changed pages written into the file, and the
    /// `-journal` beside it still holding the originals (a hot journal). Returns the copy's path.
    public static func hotJournalCopy(rows: Int, in directory: TemporaryDirectory, name: String) throws -> String {
        let source = try TemporaryDirectory()
        let original = source.path("original.sqlite")
        let filler = String(repeating: "y", count: 300)
        try apolloFile(at: original, rows: (0..<rows).map { ("Item:\($0)", #"{"name":"\#(filler)"}"#) })
        let writer = try SQLiteConnection(path: original, readOnly: false, create: false, busyTimeoutMilliseconds: 5000)
        // A tiny page cache spills the changed pages into the file before the commit.
        try writer.exec("PRAGMA cache_size=1; BEGIN; UPDATE records SET record = '{\"torn\":true,' || substr(record, 2);",
                        context: "half-writing the file")
        let copy = directory.path(name)
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        try FileManager.default.copyItem(atPath: original + "-journal", toPath: copy + "-journal")
        writer.rollback()
        return copy
    }

    /// Copies a WAL cache holding `committedInWAL` rows that live only in its `-wal` (committed,
    /// never checkpointed) into `directory`, without its `-shm`, as a copy off a device looks.
    /// The main file holds the row `Base:1` alone. Returns the copy's path.
    public static func walCopy(committedInWAL keys: [String], in directory: TemporaryDirectory, name: String) throws -> String {
        let source = try TemporaryDirectory()
        let original = source.path("original.sqlite")
        try apolloFile(at: original, rows: [("Base:1", #"{"x":1}"#)], extraSQL: "PRAGMA journal_mode=WAL;")
        let writer = try SQLiteConnection(path: original, readOnly: false, create: false, busyTimeoutMilliseconds: 5000)
        let inserts = keys.map { "INSERT INTO records (key, record) VALUES ('\(quote($0))', '{\"x\":2}');" }.joined()
        try writer.exec("PRAGMA wal_autocheckpoint=0; BEGIN; \(inserts) COMMIT;", context: "committing into the WAL")
        let copy = directory.path(name)
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        try FileManager.default.copyItem(atPath: original + "-wal", toPath: copy + "-wal")
        _ = writer
        return copy
    }

    /// Runs `setup` on a new file at `path`, then `walSQL` in WAL mode with checkpoints off, and
    /// copies the file and its `-wal` to `copy` (and `copy-wal`) while the connection is still
    /// open: the copy's main file lacks what `walSQL` committed, its `-wal` holds it, as a file
    /// pulled off a device while the app runs.
    public static func copyWithWAL(setup: String, walSQL: String, at path: String, to copy: String) throws {
        try run(setup, at: path)
        let connection = try SQLiteConnection(path: path, readOnly: false, create: false, busyTimeoutMilliseconds: 5000)
        try connection.exec("PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;", context: "test setup")
        try connection.exec(walSQL, context: "test setup")
        let files = FileManager.default
        try? files.removeItem(atPath: copy)
        try? files.removeItem(atPath: copy + "-wal")
        try files.copyItem(atPath: path, toPath: copy)
        try files.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
        withExtendedLifetime(connection) {}
    }
}
