import CacheKeyIndex
import GraphQLCache

/// Rows taken out and put back as bytes (`StoredRowWriting`): the explorer's delete by pattern
/// and its undo, each one pass over the file.
extension SQLiteNormalizedCache: StoredRowWriting {
    /// The removal that keeps the rows: the key test of `removalSQL`, and for each row it holds
    /// for, the row noted (`RowNoter`). `CASE` settles the order: the noter runs only on a row
    /// whose key matches.
    static let rowKeepingRemovalSQL = """
        DELETE FROM "records" WHERE CASE WHEN \(SQLiteSchema.matchFunction)("key", ?) \
        THEN \(SQLiteSchema.rowRemovalFunction)("key", "record") ELSE 0 END
        """

    /// A row written only where its key has none.
    static let insertAbsentSQL = #"INSERT INTO "records" ("key", "record") VALUES (?, ?) ON CONFLICT("key") DO NOTHING"#

    package func removeRows(matching pattern: String, expecting count: Int, progress: (Int) throws -> Void) throws -> StoredRows {
        // Called on this thread only, while the statement runs (the cache's lock held).
        try withoutActuallyEscaping(progress) { progress in
            try removeRows(matching: pattern, expecting: count, reporting: RowProgress(report: progress))
        }
    }

    private func removeRows(matching pattern: String, expecting count: Int, reporting progress: RowProgress) throws -> StoredRows {
        // A write under way, for the screen's reads, which stop waiting for it after a while
        // (`ConnectionTurns.uiPatience`): the statement holds the connection throughout.
        turns.writeBegan()
        defer { turns.writeEnded() }
        return try writeOneStatement { state in
            let rows = try Self.deleteRowsKeepingThem(matching: pattern, expecting: count, on: state.connection, progress: progress)
            // Every row whose key matches is gone: the listing and the tracker drop the keys
            // the pattern matches, with no set of the removed keys made.
            let matcher = KeyPattern(pattern)
            state.keys.withLock { $0.removedAll(matching: matcher) }
            state.trackOwnRemovals(matching: matcher)
            return rows
        }
    }

    /// Deletes the rows whose key matches `pattern` with one statement and returns them.
    /// Throws what `progress` threw when it stopped the statement (nothing is deleted then),
    /// and throws if the rows noted do not account for every row deleted.
    static func deleteRowsKeepingThem(matching pattern: String, expecting count: Int = 0, on connection: SQLiteConnection,
                                      progress: RowProgress) throws -> StoredRows {
        let deleted: Int
        let rows: StoredRows
        do {
            connection.rowNoter.start(progress: progress, expecting: count)
            deleted = try connection.withStatement(rowKeepingRemovalSQL) { statement in
                statement.bind(pattern, at: 1)
                try statement.run()
                return connection.changes
            }
            rows = connection.rowNoter.stop()
        } catch {
            _ = connection.rowNoter.stop()
            throw connection.rowNoter.failure ?? error
        }
        guard rows.count == deleted else {
            throw SQLiteError.failure(path: connection.path, code: 0, message: "\(rows.count) rows noted for \(deleted) rows deleted",
                                      context: "removing the keys matching \(pattern)")
        }
        return rows
    }

    package func insertRowsWhereAbsent(_ rows: StoredRows, progress: (Int) throws -> Void) throws -> [Int] {
        try withoutActuallyEscaping(progress) { progress in
            try insertRowsWhereAbsent(rows, reporting: RowProgress(report: progress))
        }
    }

    /// A chunk at a time, each a call of its own on the connection (inside the caller's
    /// transaction), so that the screen's reads pass between two chunks rather than wait for
    /// the whole restore (`ConnectionTurns`).
    private func insertRowsWhereAbsent(_ rows: StoredRows, reporting progress: RowProgress) throws -> [Int] {
        // The listing's batch of the keys, sorted on another core while the rows are written
        // (most often every row is written): sorted after them, it was a third of what the
        // undo of a 100,000-record delete did besides SQLite's writing.
        let takes = try write { state in state.keys.withLock { $0.takesInsertions } }
        let sorting = takes && rows.count > 0 ? WorkAhead { KeyListing.batch(for: rows.keys) } : nil
        var written: [Int] = []
        written.reserveCapacity(rows.count)
        for start in stride(from: 0, to: rows.count, by: RowNoter.progressInterval) {
            try progress.report(start)
            let chunk = start..<min(rows.count, start + RowNoter.progressInterval)
            written += try write { state in
                try chunk.filter { index in
                    try rows.withRow(index) { key, record in
                        try state.connection.withStatement(Self.insertAbsentSQL) { statement in
                            let blobs = rows.blobs(at: index)
                            statement.bind(bytes: key, at: 1, asBlob: blobs.key)
                            if let record { statement.bind(bytes: record, at: 2, asBlob: blobs.record) } else { statement.bindNull(at: 2) }
                            try statement.run()
                            return state.connection.changes > 0
                        }
                    }
                }
            }
        }
        let keys = written.map { rows.keys[$0] }
        // Sorted without the connection held, so that the screen's reads pass meanwhile.
        let batch = written.count == rows.count ? sorting?.value : takes ? KeyListing.batch(for: keys) : nil
        try write { state in
            state.keys.withLock { $0.inserted(keys, batch: batch) }
            try state.trackOwnWrites { keys }
        }
        return written
    }
}
