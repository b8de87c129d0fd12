import CacheKeyIndex
import GraphQLCache
import Synchronization

/// A normalized cache in a SQLite file with Apollo iOS's format (one `records` table of key and
/// record JSON), so a cache pulled from a simulator or device opens as it is, and apps on Linux
/// get a persistent cache with the same behaviour as `InMemoryNormalizedCache`.
///
/// One connection, serialised by a mutex. A merge reads the existing rows for the incoming keys,
/// merges in Swift with `Record.merge`, and rewrites only the changed rows, all in one
/// transaction. Files from elsewhere are not changed until the caller writes.
public final class SQLiteNormalizedCache: BrowsableNormalizedCache {
    /// How to open the file.
    public struct Options: Sendable {
        /// Open without write access (`SQLITE_OPEN_READONLY`); every write throws `readOnly`.
        public var readOnly: Bool
        /// How long to wait for another process's lock before reporting `busy`.
        public var busyTimeoutMilliseconds: Int32
        /// Whether `clear()` also runs `VACUUM` to give the space back to the file system.
        public var vacuumOnClear: Bool
        /// Whether a merge of 1,024 records or more encodes them on a second thread while the
        /// merging thread reads and writes rows (the record JSON is as much work as SQLite's
        /// for an unchanged row). Off: everything on the calling thread.
        public var concurrentEncoding: Bool
        /// Whether a load of 4,096 keys or more decodes the rows on a second thread while the
        /// calling thread reads the next ones from the file (decoding is about twice SQLite's
        /// work per row). Off: everything on the calling thread.
        public var concurrentDecoding: Bool
        /// Whether an existing SQLite database without any table becomes a cache (the `records`
        /// table is created in it), as Apollo does. Off: such a file is refused as
        /// `noRecordsTable` with no tables, so a tool can ask before writing into a database
        /// that is not a cache. A new (missing) file always becomes a cache.
        public var startsCacheInEmptyDatabase: Bool

        /// Defaults: read-write, a 5 s busy timeout, no vacuum on clear, concurrent encoding and
        /// decoding, and a database without tables becomes a cache.
        public init(readOnly: Bool = false, busyTimeoutMilliseconds: Int32 = 5000, vacuumOnClear: Bool = false,
                    concurrentEncoding: Bool = true, startsCacheInEmptyDatabase: Bool = true,
                    concurrentDecoding: Bool = true) {
            self.concurrentDecoding = concurrentDecoding
            self.startsCacheInEmptyDatabase = startsCacheInEmptyDatabase
            self.readOnly = readOnly
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.vacuumOnClear = vacuumOnClear
            self.concurrentEncoding = concurrentEncoding
        }
    }

    struct State {
        let connection: SQLiteConnection
        /// Open `performAtomically` calls; the outermost owns the SQLite transaction.
        var transactionDepth = 0
        /// Keys in `CacheKey` order for browsing, built on first use; the same lock as the
        /// cache's `listing`.
        let keys = KeyListingLock()
        /// `data_version` at the last `hasExternalChanges()` call.
        var seenDataVersion: Int64 = 0
        /// The rows read so far, to tell what other processes' commits changed; nil until
        /// `startTrackingExternalChanges()`.
        var tracker: ExternalChangeTracker?
        /// What followed rows held before other processes changed them, for the write log.
        var externalBefore = ExternalBeforeImages()
        /// Transactions this connection committed, so that a snapshot read knows whether the
        /// rows it saw may be older than this process's last write.
        var commits = 0
    }

    /// The file this cache reads and writes.
    public let path: String
    /// The options it was opened with.
    public let options: Options
    let state: Mutex<State>
    /// The key listing, also reachable without the connection's mutex (`KeyListingLock`).
    let listing: KeyListingLock
    /// Whether reads may run on a snapshot (`readSnapshot()`): a file in WAL mode.
    let readsFromSnapshots: Bool
    /// Idle read-only connections for snapshot reads.
    let readers = Mutex<[IdleReader]>([])
    /// The file opened, to notice another file renamed over `path` (`checkNotReplaced`).
    let identity: FileIdentity?
    /// When the connection was last kept out by another process's lock (read without the
    /// connection's mutex, which the waiting thread holds).
    let lockWaits: LockWaitClock
    /// Who goes next at the connection: the UI before background work (`withConnection`).
    let turns = ConnectionTurns()

    /// Opens (or, unless read-only, creates) the cache file at `path`. Throws a `SQLiteError`
    /// naming the file when it cannot be opened, is not SQLite, or is not an Apollo cache.
    public init(path: String, options: Options = Options()) throws {
        self.path = path
        self.options = options
        let connection = try SQLiteSchema.open(path: path, options: options)
        identity = FileIdentity.of(path)
        lockWaits = connection.busyWaiting.clock
        var initial = State(connection: connection)
        listing = initial.keys
        initial.seenDataVersion = try connection.dataVersion()
        readsFromSnapshots = try connection.journalMode() == "wal"
        state = Mutex(initial)
        connection.busyWaiting.notesOwnLocks { [turns] in turns.readerMayHoldLock }
    }

    /// The linked SQLite library's version.
    public static var sqliteVersion: String { SQLiteConnection.libraryVersion }

    /// How many keys one hold of the connection loads: a big load (a watch over 100,000 items,
    /// read off the explorer's UI thread) lets the UI's own small reads in between its chunks
    /// instead of making them wait for all of it. The store's transactions keep the chunks of
    /// one read consistent with this process's writes.
    static let loadChunkSize = 2_048

    /// How many keys one hold of the connection handles when the hold also decodes or deletes
    /// each row (a load on the calling thread, a removal by keys): 2,048 such rows held it for
    /// 15–70 ms, and a key pressed in the explorer during a 100,000-record delete waited for
    /// that. Loads of `RecordDecodingPipeline.minimumKeys` or more decode on another thread and
    /// keep `loadChunkSize`.
    static let heldChunkSize = 512

    public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        let all = Array(keys)
        if options.concurrentDecoding, all.count >= RecordDecodingPipeline.minimumKeys {
            return try loadRecordsDecodingConcurrently(all)
        }
        var records = [CacheKey: Record](minimumCapacity: keys.count)
        for start in stride(from: 0, to: all.count, by: Self.heldChunkSize) {
            let chunk = all[start..<min(start + Self.heldChunkSize, all.count)]
            try withConnection { state in
                let names = FieldNameTable()  // one per chunk: it stays with the thread holding the lock
                try SQLiteRows.select(keys: Array(chunk), on: state.connection) { key, bytes in
                    state.tracker?.sawRead(key, bytes)
                    switch SQLiteRows.row(bytes, key: key, names: names) {
                    case .record(let record): records[key] = record
                    case .broken(let broken): throw SQLiteError.brokenRecord(path: path, broken)
                    }
                }
            }
        }
        return records
    }

    /// Merges `records`; a stored row among their keys that cannot be read is replaced (see
    /// `mergeComparing(records:)` for the store's merge, which refuses it).
    @discardableResult
    public func merge(records: RecordSet) throws -> FieldChanges {
        try merge(records, refusingBrokenRows: false)
    }

    func merge(_ records: RecordSet, refusingBrokenRows: Bool) throws -> FieldChanges {
        guard !records.isEmpty else { return [] }
        var batch = MergeBatch(records, concurrentEncoding: options.concurrentEncoding)
        defer { batch.finish() }
        return try write { state in
            try batch.readStoredRows(on: state.connection)
            if refusingBrokenRows, let broken = batch.firstBrokenRow { throw SQLiteError.brokenRecord(path: path, broken) }
            let result = try batch.writeChanges(on: state.connection)
            let batch = state.keys.withLock({ $0.takesInsertions }) ? KeyListing.batch(for: result.newKeys) : nil
            state.keys.withLock { $0.inserted(result.newKeys, batch: batch) }
            try state.trackOwnWrites { result.changed.recordKeys }
            return result.changed
        }
    }

    /// Each change is one transaction (or, for a removal by pattern, one statement).
    public var appliesEachChangeAtomically: Bool { true }

    /// One SQLite transaction around `body`: the outermost call commits, or rolls back when
    /// `body` throws; nested calls join it. The lock is not held while `body` runs, so cache calls
    /// from `body` work; calls from other threads meanwhile join the same transaction, which is
    /// why the store runs one writer at a time.
    @discardableResult
    public func performAtomically<T>(_ body: () throws -> T) throws -> T {
        let outermost = try state.withLock { state throws -> Bool in
            if state.transactionDepth == 0 {
                if !options.readOnly { try checkNotReplaced() }
                try state.connection.begin(immediate: !options.readOnly)
            }
            state.transactionDepth += 1
            return state.transactionDepth == 1
        }
        if outermost, !options.readOnly { turns.writeBegan() }
        defer { if outermost, !options.readOnly { turns.writeEnded() } }
        do {
            let result = try body()
            try state.withLock { state throws in
                state.transactionDepth -= 1
                guard outermost else { return }
                do { try state.connection.commit() } catch {
                    state.connection.rollback()
                    state.rolledBack()
                    throw error
                }
                state.trackCommit()
            }
            return result
        } catch {
            state.withLock { state in
                state.transactionDepth -= 1
                if outermost {
                    state.connection.rollback()
                    state.rolledBack()
                }
            }
            throw error
        }
    }

    /// Throws `readOnly` when the cache was opened read-only: checked before any write.
    private func refuseIfReadOnly() throws {
        if options.readOnly { throw SQLiteError.readOnly(path: path, reason: "the cache was opened read-only") }
        try checkNotReplaced()
    }

    /// Throws `fileReplaced` when `path` no longer names the file this cache opened (another
    /// file renamed over it, or it was deleted): a write now would go to a deleted file and be
    /// lost. One `stat` per write transaction and per change-poll.
    func checkNotReplaced() throws {
        guard let identity, FileIdentity.of(path) != identity else { return }
        throw SQLiteError.fileReplaced(path: path)
    }

    /// `write` for a body whose one change to the file is a single statement: outside
    /// `performAtomically` the statement runs alone, and SQLite commits it by itself.
    ///
    /// Why: inside `BEGIN … COMMIT`, SQLite keeps a statement journal for a statement that
    /// changes many rows (so that a failure halfway undoes that statement alone): a copy of
    /// every page it changes, written to a temporary file. Run alone, the statement is the
    /// transaction and needs none; a pattern removal of 11,111 of 100,000 rows took 15 % longer
    /// with it (Apollo's own removal runs alone). A statement alone takes the write lock only
    /// when it first writes, after its read began, so a commit by another connection in between
    /// makes it fail without changing anything; it is then run once more the usual way, in an
    /// immediate transaction, which takes the lock before reading.
    func writeOneStatement<T>(_ body: (inout sending State) throws -> sending T) throws -> sending T {
        let result: T? = try withTurn { state throws -> T? in
            try refuseIfReadOnly()
            if state.transactionDepth > 0 { return try body(&state) }
            do {
                let result = try body(&state)
                state.trackCommit()
                return result
            } catch {
                let staleRead: Bool
                if case SQLiteError.busy = error { staleRead = state.connection.lastErrorWasStaleRead } else { staleRead = false }
                state.rolledBack()
                if staleRead { return nil }
                throw error
            }
        }
        if let result { return result }
        return try write(body)
    }

    /// Runs `body` under the lock in a write transaction: its own unless `performAtomically`
    /// has one open, in which case the outermost call commits or rolls back.
    func write<T>(_ body: (inout sending State) throws -> sending T) throws -> sending T {
        try withTurn { state throws -> T in
            try refuseIfReadOnly()
            if state.transactionDepth > 0 { return try body(&state) }
            try state.connection.begin(immediate: true)
            do {
                let result = try body(&state)
                try state.connection.commit()
                state.trackCommit()
                return result
            } catch {
                state.connection.rollback()
                state.rolledBack()
                throw error
            }
        }
    }
}
