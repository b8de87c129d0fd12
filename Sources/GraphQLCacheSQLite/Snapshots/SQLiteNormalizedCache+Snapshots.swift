import GraphQLCache

/// Snapshot reads (`ReadSnapshotting`): in WAL mode a read transaction on a connection of its
/// own sees the file as it was when the transaction began, and writers (this process's, another
/// process's) commit meanwhile. The store reads queries this way, so that a long watch read
/// never holds up the user's edit. In other journal modes readers would block writers' commits:
/// no snapshot, the store's lock decides.
extension SQLiteNormalizedCache: ReadSnapshotting {
    /// Idle reader connections kept for the next snapshot.
    static let idleReaderLimit = 2

    public func readSnapshot() throws -> (any CacheReadSnapshot)? {
        guard readsFromSnapshots, let connection = takeReader() else { return nil }
        do {
            try connection.begin(immediate: false)
            // The snapshot starts with the first read, not with BEGIN.
            _ = try connection.withStatement(SQLiteRows.anyRowSQL) { try $0.step() }
        } catch {
            connection.rollback()
            return nil
        }
        let commits = state.withLock { $0.commits }
        return SQLiteReadSnapshot(cache: self, connection: connection, commits: commits)
    }

    /// An idle reader, else a new read-only connection; nil when none can be opened (the read
    /// then holds the store's lock as before).
    func takeReader() -> SQLiteConnection? {
        if let idle = readers.withLock({ $0.popLast() }) { return idle.connection }
        // Its waits for another process's lock are the cache's: the explorer says it waits.
        let reader = try? SQLiteConnection(path: path, readOnly: true, create: false,
                                           busyTimeoutMilliseconds: options.busyTimeoutMilliseconds, lockWaits: lockWaits)
        reader?.busyWaiting.notesOwnLocks { [turns] in turns.writeMayHoldLock }
        return reader
    }

    /// Keeps a reader whose transaction ended, up to `idleReaderLimit`.
    func returnReader(_ connection: SQLiteConnection) {
        let reader = IdleReader(connection: connection)
        readers.withLock { idle in
            if idle.count < Self.idleReaderLimit { idle.append(reader) }
        }
    }

    /// Rows a snapshot read, for following another process's changes to them: only rows not
    /// followed yet, and only when this process committed nothing since the snapshot began
    /// (its rows could be older than this process's own write).
    func noteSnapshotRows(_ rows: [(CacheKey, [UInt8])], commitsAtStart: Int) {
        state.withLock { state in
            guard state.commits == commitsAtStart, state.tracker != nil else { return }
            // Changed in place: a copy of the tracker taken out and stored back would copy its
            // table of every followed row at each batch (a third of a 100,000-item read).
            for (key, bytes) in rows {
                bytes.withUnsafeBufferPointer { state.tracker?.sawRead(key, $0) }
            }
        }
    }
}

/// One snapshot of a SQLite cache: a read transaction on a reader connection.
final class SQLiteReadSnapshot: CacheReadSnapshot {
    private let cache: SQLiteNormalizedCache
    private var connection: SQLiteConnection?
    private let commits: Int

    init(cache: SQLiteNormalizedCache, connection: SQLiteConnection, commits: Int) {
        self.cache = cache
        self.connection = connection
        self.commits = commits
    }

    deinit { close() }

    /// Rows read before they are handed to the external-change tracker.
    static let trackingBatch = 2_048

    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        guard let connection else { throw GraphQLCacheError.transactionClosed }
        var records = [CacheKey: Record](minimumCapacity: keys.count)
        let tracking = cache.state.withLock { $0.tracker != nil }
        var seen: [(CacheKey, [UInt8])] = []
        let names = FieldNameTable()
        try SQLiteRows.select(keys: Array(keys), on: connection) { key, bytes in
            if tracking {
                seen.append((key, Array(bytes)))
                // Handed over a batch at a time, so that a 100,000-row read holds no second copy.
                if seen.count == Self.trackingBatch {
                    cache.noteSnapshotRows(seen, commitsAtStart: commits)
                    seen.removeAll(keepingCapacity: true)
                }
            }
            switch SQLiteRows.row(bytes, key: key, names: names) {
            case .record(let record): records[key] = record
            case .broken(let broken): throw SQLiteError.brokenRecord(path: cache.path, broken)
            }
        }
        if !seen.isEmpty { cache.noteSnapshotRows(seen, commitsAtStart: commits) }
        return records
    }

    /// Ends the read transaction and gives the connection back.
    func close() {
        guard let open = connection else { return }
        connection = nil
        open.rollback()
        cache.returnReader(open)
    }
}

/// A reader connection waiting in the pool. A connection is not thread-safe; the pool hands
/// each to one snapshot at a time, and nothing else holds it while it waits.
struct IdleReader: @unchecked Sendable {
    let connection: SQLiteConnection
}
