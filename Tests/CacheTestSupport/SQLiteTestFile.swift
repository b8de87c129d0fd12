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

    /// An Apollo file with `rows` of (key, record JSON); `quote` doubles single quotes for SQL.
    /// The rows go in one transaction (one sync, not one per row).
    public static func apolloFile(at path: String, rows: [(String, String)], extraSQL: String = "") throws {
        let inserts = rows.map { "INSERT INTO records (key, record) VALUES ('\(quote($0.0))', '\(quote($0.1))');" }
        try run(apolloDDL + extraSQL + "BEGIN;\n" + inserts.joined(separator: "\n") + "\nCOMMIT;", at: path)
    }

    public static func quote(_ text: String) -> String { text.replacingOccurrences(of: "'", with: "''") }
}

extension SQLiteTestFile {
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
