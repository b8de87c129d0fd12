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
    /// `cachelens_row_removed(key, record)`: notes the row in the connection's `RowNoter` while a
    /// removal that keeps the rows runs (`SQLiteNormalizedCache.removeRows`).
    static let rowRemovalFunction = "cachelens_row_removed"

    package static func open(path: String, options: SQLiteNormalizedCache.Options) throws -> SQLiteConnection {
        let isNew = try checkLocation(path, readOnly: options.readOnly)
        if isNew && !options.readOnly { try SQLiteCreation.createIfMissing(path, options: options) }
        var connection = try SQLiteConnection(
            path: path, readOnly: options.readOnly, create: !options.readOnly,
            busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        let tables: [String]
        do {
            tables = try tableNames(connection)
        } catch let error as SQLiteError where options.readOnly && cannotLock(error, path: path) {
            try refuseUnreadableWAL(path)
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
        try pinKeyLookups(connection)
        return connection
    }

    /// Names the key's unique index in the batched key lookups (`INDEXED BY`), so that they stay
    /// on it whatever the file's `sqlite_stat1` says. Why: SQLite plans with the statistics
    /// stored in the file, and a planted row claiming the index narrows nothing made every
    /// batch a table scan (200,000 references: 0.6-0.9 s became 7-10 s). The index is the one
    /// SQLite itself would use for `"key" = ?` on a plain table: unique, on `key` alone, not
    /// partial, binary collation; a lookup that cannot be prepared with it keeps the plain text.
    private static func pinKeyLookups(_ connection: SQLiteConnection) throws {
        guard let index = try keyIndex(connection) else { return }
        let pinned = SQLiteRows.batchSizes.map { SQLiteRows.selectSQL(batch: $0, indexedBy: index) }
        guard (try? connection.withStatement(pinned[0]) { _ in }) != nil else { return }
        connection.keyLookupSQLs = pinned
    }

    /// The unique, whole-table index on `key` alone with binary collation, if there is one.
    private static func keyIndex(_ connection: SQLiteConnection) throws -> String? {
        let candidates = try connection.withStatement(#"SELECT "name", "unique", "partial" FROM pragma_index_list('records')"#) { statement in
            var names: [String] = []
            while try statement.step() {
                if statement.int64(1) == 1 && statement.int64(2) == 0 { names.append(statement.text(0) ?? "") }
            }
            return names
        }
        for name in candidates {
            let columns = try connection.withStatement(#"SELECT "name", "coll" FROM pragma_index_xinfo(?) WHERE "key" = 1"#) { statement in
                statement.bind(name, at: 1)
                var columns: [(String, String)] = []
                while try statement.step() { columns.append((statement.text(0) ?? "", statement.text(1) ?? "")) }
                return columns
            }
            if columns.count == 1, columns[0].0 == "key", columns[0].1.uppercased() == "BINARY" { return name }
        }
        return nil
    }

    /// A read-only open of a WAL file fails when SQLite may not create its `-shm` beside it (the
    /// file or its folder is read-only on disk, e.g. a cache copied off a device): such a file can
    /// then only be read as immutable, which is what the user asked for.
    /// A hot journal is not a lock problem: opened as immutable, the half-written file would be
    /// read as if whole (in a read-only folder as in a writable one, it is reported).
    private static func cannotLock(_ error: SQLiteError, path: String) -> Bool {
        if case .hotJournal = error { return false }
        guard let code = error.resultCode, code & 0xFF == 8 || code & 0xFF == 14 else { return false }
        let directory = (path as NSString).deletingLastPathComponent
        return !FileManager.default.isWritableFile(atPath: path)
            || !FileManager.default.isWritableFile(atPath: directory.isEmpty ? "." : directory)
    }

    /// An immutable open reads the main file alone: commits still in a `-wal` beside it would
    /// be silently missing, so such a file is refused, saying why, rather than shown as it was
    /// before them.
    private static func refuseUnreadableWAL(_ path: String) throws {
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int ?? 0
        if wal > 0 { throw SQLiteError.unreadableWAL(path: path) }
    }

    /// `file:PATH?immutable=1`, the path percent-encoded as RFC 3986 asks.
    static func immutableURI(for path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
    }

    /// Gives a clear error for a missing directory or a missing file opened read-only; returns
    /// whether the file is absent or empty (so ours to set up).
    private static func checkLocation(_ path: String, readOnly: Bool) throws -> Bool {
        let files = FileManager.default
        // First, whatever its spelling (".", "./", "..", "/"): the folder of "." is not a path
        // Foundation can take apart.
        if FileKind(path: path) == .directory {
            throw SQLiteError.cannotOpen(path: path, code: 14, message: "it is a directory, not a cache file")
        }
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
        try connection.registerRowNoter(rowRemovalFunction)
    }
}
