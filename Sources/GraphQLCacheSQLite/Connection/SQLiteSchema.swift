import Foundation
import GraphQLCache

/// Opening a cache file: checks that it is SQLite and an Apollo cache, and sets up a new file.
///
/// A file that already has a `records` table is left exactly as it is (extra indexes, its
/// journal mode, `delete` or `wal`): nothing is written until the caller writes. Only a file
/// that we create gets the table and WAL journaling.
package enum SQLiteSchema {
    /// The SQL function `cachelens_key_matches(key, pattern)`: `KeyPattern(pattern).matches(key)`.
    static let matchFunction = "cachelens_key_matches"
    /// The same test, noting each key it matches in the connection's `KeyMatcher` while a
    /// removal runs (`KeyMatcher.startNoting`).
    static let removalFunction = "cachelens_key_removed"

    package static func open(path: String, options: SQLiteNormalizedCache.Options) throws -> SQLiteConnection {
        let isNew = try checkLocation(path, readOnly: options.readOnly)
        var connection = try SQLiteConnection(
            path: path, readOnly: options.readOnly, create: !options.readOnly,
            busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        let tables: [String]
        do {
            tables = try tableNames(connection)
        } catch let error as SQLiteError where options.readOnly && cannotLock(error, path: path) {
            connection = try SQLiteConnection(
                path: path, readOnly: true, create: false, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds,
                immutableURI: immutableURI(for: path))
            tables = try tableNames(connection)
        }
        if try isView(connection, named: "records") { throw SQLiteError.recordsIsAView(path: path) }
        if tables.contains("records") {
            try checkColumns(connection)
        } else if tables.isEmpty && !options.readOnly && !connection.isReadOnly
                    && (isNew || options.startsCacheInEmptyDatabase) {
            if isNew { try connection.exec("PRAGMA journal_mode=WAL", context: "enabling WAL journaling") }
            try connection.exec(SQLiteRows.createTable, context: "creating table \"records\"")
        } else {
            throw SQLiteError.noRecordsTable(path: path, tables: tables)
        }
        if !options.readOnly && connection.isReadOnly {
            throw SQLiteError.readOnly(path: path, reason: "the file is read-only on disk; open it read-only to browse it")
        }
        try registerFunctions(connection)
        return connection
    }

    /// A read-only open of a WAL file fails when SQLite may not create its `-shm` beside it (the
    /// file or its folder is read-only on disk, e.g. a cache copied off a device): such a file can
    /// then only be read as immutable, which is what the user asked for.
    private static func cannotLock(_ error: SQLiteError, path: String) -> Bool {
        guard let code = error.resultCode, code & 0xFF == 8 || code & 0xFF == 14 else { return false }
        let directory = (path as NSString).deletingLastPathComponent
        return !FileManager.default.isWritableFile(atPath: path)
            || !FileManager.default.isWritableFile(atPath: directory.isEmpty ? "." : directory)
    }

    /// `file:PATH?immutable=1`, the path percent-encoded as RFC 3986 asks.
    private static func immutableURI(for path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }

    /// Gives a clear error for a missing directory or a missing file opened read-only; returns
    /// whether the file is absent or empty (so ours to set up).
    private static func checkLocation(_ path: String, readOnly: Bool) throws -> Bool {
        let files = FileManager.default
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        if !directory.isEmpty, !files.fileExists(atPath: directory, isDirectory: &isDirectory) || !isDirectory.boolValue {
            throw SQLiteError.cannotOpen(path: path, code: 14, message: "directory \(directory) does not exist")
        }
        guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if readOnly { throw SQLiteError.cannotOpen(path: path, code: 14, message: "no such file (opened read-only)") }
            return true
        }
        if let refusal = FileKind.refusal(forPath: path) { throw SQLiteError.cannotOpen(path: path, code: 14, message: refusal) }
        let size = (try? files.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        return size == 0
    }

    private static func tableNames(_ connection: SQLiteConnection) throws -> [String] {
        try connection.withStatement("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name") { statement in
            var names: [String] = []
            while try statement.step() { names.append(statement.text(0) ?? "") }
            return names
        }
    }

    /// Whether the schema holds a view of that name (names are case-insensitive in SQLite).
    private static func isView(_ connection: SQLiteConnection, named name: String) throws -> Bool {
        try connection.withStatement("SELECT count(*) FROM sqlite_master WHERE type = 'view' AND lower(name) = ?") { statement in
            statement.bind(name, at: 1)
            return try statement.step() && statement.int64(0) > 0
        }
    }

    private static func checkColumns(_ connection: SQLiteConnection) throws {
        let columns = try connection.withStatement(#"PRAGMA table_info("records")"#) { statement in
            var names = Set<String>()
            while try statement.step() { names.insert(statement.text(1) ?? "") }
            return names
        }
        for column in ["key", "record"] where !columns.contains(column) {
            throw SQLiteError.incompatibleSchema(path: connection.path, missingColumn: column)
        }
        try KeyColumnCheck.check(connection)
    }

    /// Registers `matchFunction` and `removalFunction` on the connection's `KeyMatcher`.
    private static func registerFunctions(_ connection: SQLiteConnection) throws {
        let matcher = connection.keyMatcher
        try connection.registerPredicate(matchFunction) { key, pattern in
            matcher.matches(key: key, pattern: pattern)
        }
        try connection.registerPredicate(removalFunction) { key, pattern in
            matcher.noteMatches(key: key, pattern: pattern)
        }
    }
}
