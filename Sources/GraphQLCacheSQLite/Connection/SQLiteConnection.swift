import CSQLite
import GraphQLCache

/// One connection to one SQLite file: the only code in CacheLens that calls the C API.
///
/// It opens the file (read-only or read-write, busy timeout, defensive mode, untrusted schema,
/// statements that stop when their task is cancelled),
/// keeps prepared statements for reuse, runs statements, transactions and `data_version`, and
/// turns every failure into a `SQLiteError` that names the file. Not thread-safe on its own:
/// its owner serialises access (`SQLiteNormalizedCache` holds it in a `Mutex`).
package final class SQLiteConnection {
    /// The file as given to `init`.
    let path: String
    private let db: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    private var lastStatement: (sql: String, handle: OpaquePointer)?
    /// The key test behind this connection's registered key functions (`SQLiteSchema`).
    let keyMatcher = KeyMatcher()
    /// The rows a removal that keeps them notes (`SQLiteSchema.rowRemovalFunction`).
    let rowNoter = RowNoter()
    /// The batched key lookups, one per `SQLiteRows.batchSizes`: named to the key's index once
    /// the schema is checked (`SQLiteSchema.pinKeyLookups`).
    var keyLookupSQLs = SQLiteRows.selectSQLs
    /// How a statement waits for another connection's lock (`withoutWaiting` lifts it).
    let busyWaiting: SQLiteBusyWaiting

    /// Opens `path`. `create` allows creating a missing file (read-write only). `immutableURI`,
    /// a `file:` URI with `immutable=1`, opens a file that cannot even be locked (read-only on
    /// disk in WAL mode, where SQLite would need to create the `-shm` file beside it).
    package init(path: String, readOnly: Bool, create: Bool, busyTimeoutMilliseconds: Int32,
         immutableURI: String? = nil, lockWaits: LockWaitClock = LockWaitClock()) throws(SQLiteError) {
        self.path = path
        busyWaiting = SQLiteBusyWaiting(timeoutMilliseconds: busyTimeoutMilliseconds, clock: lockWaits)
        var handle: OpaquePointer?
        let flags = readOnly || immutableURI != nil ? SQLITE_OPEN_READONLY
            : (SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0))
        let code = immutableURI.map { sqlite3_open_v2($0, &handle, flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil) }
            ?? sqlite3_open_v2(path, &handle, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw .cannotOpen(path: path, code: code, message: message)
        }
        db = handle
        sqlite3_extended_result_codes(db, 1)
        // Our own busy handler rather than `sqlite3_busy_timeout`: it also gives up at once where
        // waiting is forbidden or the task was cancelled, and notes each wait for the UI.
        sqlite3_busy_handler(db, { context, attempt in
            guard let context else { return 0 }
            return Unmanaged<SQLiteBusyWaiting>.fromOpaque(context).takeUnretainedValue().shouldRetry(attempt: attempt) ? 1 : 0
        }, Unmanaged.passUnretained(busyWaiting).toOpaque())
        _ = csqlite_db_config_int(db, SQLITE_DBCONFIG_DEFENSIVE, 1)
        _ = csqlite_db_config_int(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0)
        // A cache file is untrusted input: its triggers must not run on our writes (a merge
        // that deletes other records, or never ends) and its views must not stand in for tables.
        _ = csqlite_db_config_int(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, 0)
        _ = csqlite_db_config_int(db, SQLITE_DBCONFIG_ENABLE_VIEW, 0)
        // A statement run for a task that gets cancelled (an explorer watch read or console
        // query the user stopped with Esc, or left with Q) stops within a few thousand virtual
        // machine steps instead of running to its end: a scan of a huge or hostile file cannot
        // hold the connection, and the UI waiting on it, after nobody wants its answer.
        sqlite3_progress_handler(db, Self.progressInterval, { _ in
            withUnsafeCurrentTask { $0?.isCancelled ?? false } ? 1 : 0
        }, nil)
        Self.registerFunctions(on: db)
    }

    /// Virtual machine steps between two checks of the running task's cancellation (a check
    /// costs a thread-local read; a row of a scan is some tens of steps).
    static let progressInterval: Int32 = 4096

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(db)
    }

    /// The linked SQLite library's version, e.g. `3.40.1`.
    static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// Whether the main database cannot be written (opened read-only, or a read-only file).
    var isReadOnly: Bool { sqlite3_db_readonly(db, "main") == 1 }

    /// Whether a transaction is open on this connection.
    var isInTransaction: Bool { sqlite3_get_autocommit(db) == 0 }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes(db)) }

    /// The most parameters one statement may have. Settable (lower only, as SQLite allows) so
    /// that tests can run the batched statements as a SQLite built with a small limit would.
    var variableLimit: Int {
        get { Int(sqlite3_limit(db, SQLITE_LIMIT_VARIABLE_NUMBER, -1)) }
        set { sqlite3_limit(db, SQLITE_LIMIT_VARIABLE_NUMBER, Int32(clamping: newValue)) }
    }

    /// Runs SQL text that returns no rows (may hold several statements).
    package func exec(_ sql: String, context: String) throws(SQLiteError) {
        let code = sqlite3_exec(db, sql, nil, nil, nil)
        if code != SQLITE_OK { throw error(code, context) }
    }

    /// Runs `body` with the cached prepared statement for `sql`, reset and unbound afterwards.
    package func withStatement<T>(_ sql: String, _ body: (SQLiteStatement) throws -> T) throws -> T {
        let handle = try prepared(sql)
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        return try body(SQLiteStatement(handle: handle, connection: self))
    }

    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        // A merge runs one statement thousands of times in a row: comparing with the last one
        // (the same string storage, so the comparison is immediate) saves hashing the SQL.
        if let last = lastStatement, last.sql == sql { return last.handle }
        if let cached = statements[sql] {
            lastStatement = (sql, cached)
            return cached
        }
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else { throw error(code, "preparing \(sql)") }
        statements[sql] = handle
        lastStatement = (sql, handle)
        return handle
    }

    /// `PRAGMA data_version`: changes whenever another connection commits to the file.
    func dataVersion() throws -> Int64 {
        try withStatement("PRAGMA data_version") { statement in
            try statement.step() ? statement.int64(0) : 0
        }
    }

    /// The declared type (as written, possibly empty) and collating sequence (`BINARY` unless
    /// the column names another) of `table.column` in the main database, nil when the table
    /// has no such column. `PRAGMA table_info` gives no collation, hence the C call.
    func columnDeclaration(table: String, column: String) throws(SQLiteError) -> (type: String, collation: String)? {
        var type: UnsafePointer<CChar>?
        var collation: UnsafePointer<CChar>?
        let code = sqlite3_table_column_metadata(db, "main", table, column, &type, &collation, nil, nil, nil)
        if code == SQLITE_ERROR { return nil }
        guard code == SQLITE_OK else { throw error(code, "reading the declaration of \(table).\(column)") }
        return (type.map { String(cString: $0) } ?? "", collation.map { String(cString: $0) } ?? "BINARY")
    }

    /// The journal mode in lower case (`wal`, `delete`, `memory`…).
    func journalMode() throws -> String {
        try withStatement("PRAGMA journal_mode") { statement in
            try statement.step() ? (statement.text(0) ?? "").lowercased() : ""
        }
    }

    /// Runs `body` without waiting for other connections' locks: a statement meeting one fails
    /// with `busy` at once. For the change-poll tick, which runs on the explorer's UI thread
    /// and looks again at the next tick: waiting out the busy timeout there froze every key.
    func withoutWaiting<T>(_ body: () throws -> T) rethrows -> T {
        busyWaiting.refusesToWait = true
        defer { busyWaiting.refusesToWait = false }
        return try body()
    }

    /// Starts a transaction; `immediate` takes the write lock at once (waiting up to the busy
    /// timeout) so that a writer never fails half way on a lock upgrade.
    package func begin(immediate: Bool) throws(SQLiteError) {
        try exec(immediate ? "BEGIN IMMEDIATE" : "BEGIN", context: "starting a transaction")
    }

    package func commit() throws(SQLiteError) {
        try exec("COMMIT", context: "committing a transaction")
    }

    /// Whether the last error made here was a write that found its read out of date: another
    /// connection committed between the start of a statement's read and its taking the write
    /// lock. Only a statement run outside a transaction can meet this; run again, it may pass.
    /// Noted when the error is made: SQLite's own last error code is gone once a statement
    /// is reset.
    private(set) var lastErrorWasStaleRead = false

    /// Rolls back if a transaction is open; never throws (used on error paths).
    package func rollback() {
        if isInTransaction { sqlite3_exec(db, "ROLLBACK", nil, nil, nil) }
    }

    /// Registers a deterministic two-argument SQL function `name(text, text)` returning whether
    /// `match(first, second)` holds (NULL when either argument is NULL).
    func registerPredicate(
        _ name: String, _ match: @escaping (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    ) throws(SQLiteError) {
        let box = Unmanaged.passRetained(PredicateBox(match)).toOpaque()
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        let code = sqlite3_create_function_v2(db, name, 2, flags, box, { context, _, arguments in
            guard let context, let arguments, let first = arguments[0], let second = arguments[1],
                  sqlite3_value_type(first) != SQLITE_NULL, sqlite3_value_type(second) != SQLITE_NULL
            else { sqlite3_result_null(context); return }
            let a = SQLiteConnection.textBuffer(first), b = SQLiteConnection.textBuffer(second)
            // Borrowed, not retained: SQLite keeps the box alive while the function is registered
            // (a retain and release per row were a tenth of a removal's per-row work).
            let matched = Unmanaged<PredicateBox>.fromOpaque(sqlite3_user_data(context))
                ._withUnsafeGuaranteedRef { $0.match(a, b) }
            sqlite3_result_int(context, matched ? 1 : 0)
        }, nil, nil, { box in
            if let box { Unmanaged<PredicateBox>.fromOpaque(box).release() }
        })
        if code != SQLITE_OK { throw error(code, "registering function \(name)") }
    }

    /// Registers `name(key, record)`, which notes the row in `rowNoter` and returns 1; it fails
    /// the statement when the noter says to stop. A NULL key is not noted (0); a NULL record is
    /// noted as NULL. Not deterministic: it has an effect.
    func registerRowNoter(_ name: String) throws(SQLiteError) {
        let noter = Unmanaged.passUnretained(rowNoter).toOpaque()
        let code = sqlite3_create_function_v2(db, name, 2, SQLITE_UTF8 | SQLITE_DIRECTONLY, noter, { context, _, arguments in
            guard let context, let arguments, let key = arguments[0], sqlite3_value_type(key) != SQLITE_NULL
            else { sqlite3_result_int(context, 0); return }
            // As blobs: `sqlite3_value_text` copies a text that the page holds without its
            // terminating NUL, once per row; the bytes are the same.
            let record = arguments[1].flatMap { sqlite3_value_type($0) == SQLITE_NULL ? nil : SQLiteConnection.blobBuffer($0) }
            let keyBytes = SQLiteConnection.blobBuffer(key)
            // A value another program wrote as a BLOB (the columns' TEXT affinity keeps it one)
            // is noted so, to go back as one.
            let blobs = StoredRows.Blobs(key: sqlite3_value_type(key) == SQLITE_BLOB,
                                         record: arguments[1].map { sqlite3_value_type($0) == SQLITE_BLOB } ?? false)
            // Borrowed: the connection keeps its noter for as long as the function is registered.
            let noted = Unmanaged<RowNoter>.fromOpaque(sqlite3_user_data(context))
                ._withUnsafeGuaranteedRef { $0.note(key: keyBytes, record: record, blobs: blobs) }
            if noted { sqlite3_result_int(context, 1) } else { sqlite3_result_error(context, "the removal was stopped", -1) }
        }, nil, nil, nil)
        if code != SQLITE_OK { throw error(code, "registering function \(name)") }
    }

    /// A value's bytes as they are (a text's UTF-8, never converted or copied).
    private static func blobBuffer(_ value: OpaquePointer) -> UnsafeBufferPointer<UInt8> {
        let count = Int(sqlite3_value_bytes(value))
        let bytes = sqlite3_value_blob(value)?.assumingMemoryBound(to: UInt8.self)
        return UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count)
    }

    private static func textBuffer(_ value: OpaquePointer) -> UnsafeBufferPointer<UInt8> {
        let text = sqlite3_value_text(value)
        let count = Int(sqlite3_value_bytes(value))
        return UnsafeBufferPointer(start: text, count: text == nil ? 0 : count)
    }

    /// The error for result `code`, named after the file, with SQLite's message.
    func error(_ code: Int32, _ context: String) -> SQLiteError {
        let message = String(cString: sqlite3_errmsg(db))
        lastErrorWasStaleRead = code == csqlite_busy_snapshot()
        if code == csqlite_readonly_rollback() { return .hotJournal(path: path) }
        switch code & 0xff {
        case SQLITE_NOTADB: return .notADatabase(path: path)
        case SQLITE_READONLY: return .readOnly(path: path, reason: message)
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path, message: message)
        case SQLITE_INTERRUPT: return .interrupted(path: path, context: context)
        default: return .failure(path: path, code: code, message: message, context: context)
        }
    }
}

/// The closure behind a registered SQL function, kept alive by SQLite until it is dropped.
private final class PredicateBox {
    let match: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool
    init(_ match: @escaping (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Bool) {
        self.match = match
    }
}

/// A prepared statement in use: bind parameters (1-based), step, read columns (0-based).
/// Valid only inside `SQLiteConnection.withStatement`.
package struct SQLiteStatement {
    fileprivate let handle: OpaquePointer
    fileprivate unowned let connection: SQLiteConnection

    package func bind(_ text: String, at index: Int32) {
        var text = text
        text.withUTF8 { bind(bytes: $0, at: index) }
    }

    /// Binds UTF-8 bytes as TEXT (copied by SQLite).
    func bind(bytes: UnsafeBufferPointer<UInt8>, at index: Int32) {
        guard let base = bytes.baseAddress else {
            sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
            return
        }
        let text = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
        sqlite3_bind_text(handle, index, text, Int32(bytes.count), csqlite_transient())
    }

    /// Binds UTF-8 bytes as TEXT without copying them: they must stay valid and unchanged
    /// until the statement is reset (the end of `withStatement`). For a merge's JSON, bound by
    /// the thousand: copying each into SQLite took a tenth of the batched compare.
    func bind(unchangingBytes bytes: UnsafeBufferPointer<UInt8>, at index: Int32) {
        guard let base = bytes.baseAddress else { return bind(bytes: bytes, at: index) }
        let text = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
        sqlite3_bind_text(handle, index, text, Int32(bytes.count), nil)  // SQLITE_STATIC
    }

    func bind(_ value: Int64, at index: Int32) { sqlite3_bind_int64(handle, index, value) }

    /// Binds `bytes` as a BLOB when `asBlob` (a value SQLite held as one, put back as it
    /// was), else as a text.
    func bind(bytes: UnsafeBufferPointer<UInt8>, at index: Int32, asBlob: Bool) {
        guard asBlob else { return bind(bytes: bytes, at: index) }
        guard let base = bytes.baseAddress else {
            sqlite3_bind_zeroblob(handle, index, 0)
            return
        }
        sqlite3_bind_blob(handle, index, UnsafeRawPointer(base), Int32(bytes.count), csqlite_transient())
    }

    func bindNull(at index: Int32) { sqlite3_bind_null(handle, index) }

    /// Advances; true when a row is available, false when done.
    package func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        let sql = sqlite3_sql(handle).map { String(cString: $0) } ?? "a statement"
        throw connection.error(code, "running \(sql)")
    }

    /// Steps until done, ignoring rows.
    package func run() throws(SQLiteError) {
        while try step() {}
    }

    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }

    /// The column as text, or nil when NULL (bytes that are not UTF-8 repaired, as
    /// `String(decoding:as:)` repairs them).
    func text(_ column: Int32) -> String? {
        withBytes(column) { String(utf8: $0) }
    }

    /// The column's UTF-8 bytes (valid only inside `body`), or nil when NULL.
    package func withBytes<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T? {
        if isNull(column) { return nil }
        let text = sqlite3_column_text(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeBufferPointer(start: text, count: text == nil ? 0 : count))
    }

    /// Columns `first` and `second` as UTF-8 bytes (nil when NULL), each asked of SQLite once:
    /// a scan that asked for a column's type, text and length again for each use made fourteen
    /// calls a row where six do.
    package func withBytes<T>(_ first: Int32, _ second: Int32,
                              _ body: (UnsafeBufferPointer<UInt8>?, UnsafeBufferPointer<UInt8>?) throws -> T) rethrows -> T {
        try body(bytesOrNil(first), bytesOrNil(second))
    }

    /// The column's bytes, valid until the statement steps (reading another column leaves them).
    private func bytesOrNil(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        if isNull(column) { return nil }
        let text = sqlite3_column_text(handle, column)
        return UnsafeBufferPointer(start: text, count: text == nil ? 0 : Int(sqlite3_column_bytes(handle, column)))
    }

    /// The column's length in bytes (0 when NULL).
    package func byteCount(_ column: Int32) -> Int { Int(sqlite3_column_bytes(handle, column)) }
}
