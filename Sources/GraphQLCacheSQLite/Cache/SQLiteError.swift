import GraphQLCache

/// Everything that can go wrong with a SQLite cache file. Each case names the file (and the
/// record key, for a bad row) and, where SQLite reported it, carries SQLite's result code, so
/// callers can match on the case (`catch SQLiteError.busy`) and people can read the description.
/// The module's one error type; a row with a NULL key is reported by `forEachRecord` as a
/// `ScannedRow.broken` naming its `_id`.
public enum SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened (missing directory, no permission, a directory).
    case cannotOpen(path: String, code: Int32, message: String)
    /// The file exists but is not a SQLite database.
    case notADatabase(path: String)
    /// The database has tables but none named `records`: it is not an Apollo cache.
    case noRecordsTable(path: String, tables: [String])
    /// The `records` table lacks a column Apollo's schema has.
    case incompatibleSchema(path: String, missingColumn: String)
    /// The `records.key` column would store or compare keys as something other than their
    /// exact bytes (a numeric affinity, a collation other than `BINARY`, a unique index that
    /// folds keys), so writing to it would merge keys or lose rows; `problem` says which.
    case keyColumnChangesKeys(path: String, problem: String)
    /// A write was attempted on a cache opened read-only, or the file cannot be written.
    case readOnly(path: String, reason: String)
    /// A stored record's JSON cannot be read.
    case brokenRecord(path: String, BrokenRecord)
    /// Another connection holds the lock longer than the busy timeout.
    case busy(path: String, message: String)
    /// A read where waiting is forbidden (the explorer's screen) gave up on this process's own
    /// work holding the connection (`ConnectionTurns.uiPatience`): a write, or a look at
    /// another process's commit; it passes once that ends.
    case busyWithOwnWrite(path: String)
    /// The object named `records` is a view, not Apollo's table (a file made to look like a cache).
    case recordsIsAView(path: String)
    /// A hot journal (`-journal` left by a process that stopped mid-write) must be rolled back,
    /// which a read-only open cannot do.
    case hotJournal(path: String)
    /// A statement stopped before its end because the task running it was cancelled (the
    /// explorer's Esc, or Q, while a read scanned the file); nothing was changed by it.
    case interrupted(path: String, context: String)
    /// Another program replaced the file by rename (an app's "reset cache", a copy-in) while it
    /// was open: the open connection now reads and would write a deleted file, so writes are
    /// refused and the change-poll reports it.
    case fileReplaced(path: String)
    /// Committed changes wait in the `-wal` beside the file, which cannot be read here: the
    /// folder is read-only and SQLite must create the `-shm` index beside the file to read them.
    case unreadableWAL(path: String)
    /// Any other SQLite failure: the result code, SQLite's message and what was being done.
    case failure(path: String, code: Int32, message: String, context: String)
    /// A row of another Apollo format (Apollo Kotlin's) that cannot be decoded by its rules.
    case unreadableRow(path: String, key: String, reason: String)

    /// The file concerned.
    public var path: String {
        switch self {
        case .cannotOpen(let path, _, _), .notADatabase(let path), .noRecordsTable(let path, _),
             .incompatibleSchema(let path, _), .keyColumnChangesKeys(let path, _), .readOnly(let path, _), .brokenRecord(let path, _),
             .busy(let path, _), .busyWithOwnWrite(let path), .failure(let path, _, _, _),
             .recordsIsAView(let path), .hotJournal(let path), .interrupted(let path, _),
             .fileReplaced(let path), .unreadableWAL(let path),
             .unreadableRow(let path, _, _):
            return path
        }
    }

    /// SQLite's primary result code, when SQLite reported one.
    public var resultCode: Int32? {
        switch self {
        case .cannotOpen(_, let code, _), .failure(_, let code, _, _): return code
        case .notADatabase: return 26
        case .readOnly, .hotJournal: return 8
        case .busy, .busyWithOwnWrite: return 5
        case .interrupted: return 9
        default: return nil
        }
    }

    /// A sentence naming the file, the problem and, for a row, the key.
    public var description: String {
        switch self {
        case let .cannotOpen(path, code, message):
            return "cannot open cache file \(path): \(message) (SQLite code \(code))"
        case .notADatabase(let path):
            return "\(path) is not a SQLite database (file is not a database)"
        case let .noRecordsTable(path, tables) where tables.isEmpty:
            return "\(path) is a SQLite database without tables, so it is not an Apollo cache (yet)"
        case let .noRecordsTable(path, tables):
            return "\(path) has no \"records\" table, so it is not an Apollo cache (tables: \(tables.joined(separator: ", ")))"
        case let .incompatibleSchema(path, column):
            return "\(path): table \"records\" has no column \"\(column)\", so it is not an Apollo cache"
        case let .keyColumnChangesKeys(path, problem):
            return "\(path): column records.key \(problem), so keys that differ as bytes could become one row "
                + "or change; CacheLens keeps keys as their exact bytes and does not open such a table"
        case let .readOnly(path, reason):
            return "cannot write cache file \(path): \(reason)"
        case let .brokenRecord(path, error):
            return "\(path): \(error.description)"
        case let .busy(path, message):
            return "cache file \(path) is locked by another connection: \(message)"
        case .busyWithOwnWrite(let path):
            return "cache file \(path) is busy with this process's own write or look at another process's changes: "
                + "the read is made again when that ends"
        case .recordsIsAView(let path):
            return "\(path): \"records\" is a view, not Apollo's table, so it is not an Apollo cache (refused: "
                + "a view could run any query in place of the records)"
        case .hotJournal(let path):
            return "\(path) has a hot journal (\(path)-journal, left by a process that stopped while writing): "
                + "open it once without --read-only so SQLite can roll the unfinished write back"
        case .interrupted(let path, _):
            // The context names the statement, which can be long: the description does not.
            return "\(path): a statement was stopped before its end: the work it was for was cancelled"
        case .fileReplaced(let path):
            return "\(path) was replaced by another program (renamed over) since it was opened: "
                + "nothing more is written to the old file; open the cache again to use the new one"
        case .unreadableWAL(let path):
            return "\(path): committed changes in \(path)-wal cannot be read here: the folder is read-only and SQLite "
                + "must create \(path)-shm beside the file to read them; copy the file with its -wal to a writable folder"
        case let .failure(path, code, message, context):
            return "\(path): \(context) failed: \(message) (SQLite code \(code))"
        case let .unreadableRow(path, key, reason):
            return "\(path): record \(key) cannot be read: \(reason)"
        }
    }
}
