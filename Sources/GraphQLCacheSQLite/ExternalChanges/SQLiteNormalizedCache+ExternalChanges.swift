import GraphQLCache
import CacheKeyIndex

/// Commits by other processes (the app writing the file the explorer shows) become changes:
/// `data_version` says that someone else committed; the rows read so far are read again and
/// compared, and rows with a rowid above the highest seen are new (`ExternalChangeTracker`).
extension SQLiteNormalizedCache: ExternallyChangingCache {
    static let maxRowIDSQL = #"SELECT max("_id") FROM "records""#
    static let keyCountSQL = #"SELECT count(*) FROM "records" WHERE "key" IS NOT NULL"#
    static let rowsAfterSQL = #"SELECT "_id", "key", "record" FROM "records" WHERE "_id" > ? AND "key" IS NOT NULL"#

    public func startTrackingExternalChanges() throws {
        try state.withLock { state in
            guard state.tracker == nil else { return }
            state.tracker = ExternalChangeTracker(maxRowID: try state.maxRowID(), dataVersion: try state.connection.dataVersion())
        }
    }

    /// Also the change-poll tick's check that the file is still the one opened: `fileReplaced`
    /// otherwise.
    public func externalChanges() throws -> (change: CacheChange, recordCount: Int)? {
        try checkNotReplaced()
        try startTrackingExternalChanges()
        return try state.withLock { state in try externalChanges(in: &state) }?.change()
    }

    /// Never waits for another process's lock: while one is held it throws `busy` at once,
    /// saying that the caller is waiting for it.
    public func externalChangesWithoutWaiting() throws -> (change: CacheChange, recordCount: Int)? {
        try checkNotReplaced()
        do {
            let rows = try state.withLock { state in
                try state.connection.withoutWaiting {
                    if state.tracker == nil {
                        state.tracker = ExternalChangeTracker(maxRowID: try state.maxRowID(), dataVersion: try state.connection.dataVersion())
                    }
                    return try externalChanges(in: &state)
                }
            }
            return rows?.change()
        } catch SQLiteError.busy {
            throw SQLiteError.busy(path: path, message: "another process holds its lock; waiting for it to finish")
        }
    }

    /// What other processes' commits changed since the last look, under the lock. The tracker
    /// is taken out of `state` while it is read (a copy left there made the first change copy
    /// the table of every followed row: 100,000 rows, each retained) and changes only once
    /// every read succeeded, so a look that fails leaves it as it was for the next one.
    /// The look is this process's own work for the UI (`ConnectionTurns`): a key's read for the
    /// screen gives up on it rather than wait. It only gathers bytes; the caller decodes them
    /// into a change after letting the connection go (`ExternalRowChanges`).
    private func externalChanges(in state: inout State) throws -> ExternalRowChanges? {
        guard state.transactionDepth == 0, let seenVersion = state.tracker?.dataVersion else { return nil }
        let version = try state.connection.dataVersion()
        guard version != seenVersion, var tracker = state.tracker.take() else { return nil }
        defer { state.tracker = tracker }
        turns.lookBegan()
        defer { turns.lookEnded() }
        try state.connection.begin(immediate: false)
        defer { state.connection.rollback() }
        var collector = ExternalRowChanges()
        var sightings = ExternalChangeTracker.Sightings(maxRowID: tracker.maxRowID)
        let listed = state.keys.withLock { $0.dataVersion == tracker.dataVersion ? $0.index : nil }
        try compareFollowedRows(tracker, &sightings, &collector, on: state.connection)
        let added = try findNewRows(tracker, &sightings, &collector, on: state.connection)
        if let listed {
            collector.hadNoRow(added.lazy.filter { !listed.contains($0) })
            let count = try findUnreadRemovals(listed, added: added, &collector, on: state.connection)
            if Self.listsTheSameKeys(listed, count: count, added: added, collector) {
                state.keys.withLock { $0.dataVersion = version }
            } else if let edit = Self.listingEdit(listed, count: count, added: added, collector) {
                state.keys.withLock { listing in
                    // Only the listing the look compared with: a write meanwhile changed it.
                    guard listing.dataVersion == tracker.dataVersion, listing.index?.count == listed.count else { return }
                    listing.removed(edit.removed)
                    listing.inserted(edit.added)
                    if listing.index != nil { listing.dataVersion = version }
                }
            }
        }
        // A listing the file has moved past is forgotten now, not at the next read through the
        // connection: while this process holds the connection the UI is answered from the
        // listing (`withConnection(whileHeld:)`), which would show the keys as they were.
        state.keys.withLock { if $0.dataVersion != version { $0.invalidate() } }
        tracker.apply(sightings)
        tracker.dataVersion = version
        state.externalBefore.add(collector.before)
        return collector
    }

    /// Reads the followed rows again: changed bytes are a change, a missing row a removal.
    /// A row found costs one lookup of its key and a compare of its bytes; the keys found are
    /// only hashed again when some followed row is missing (a set of the unseen keys, built
    /// and emptied on every look, was a third of it).
    private func compareFollowedRows(_ tracker: ExternalChangeTracker, _ sightings: inout ExternalChangeTracker.Sightings,
                                     _ collector: inout ExternalRowChanges, on connection: SQLiteConnection) throws {
        let followed = Array(tracker.rows.keys)
        var found: [CacheKey] = []
        found.reserveCapacity(followed.count)
        try Self.readRows(followed, on: connection) { key, bytes in
            guard let seen = tracker.rows[key] else { return }
            found.append(key)
            guard !seen.matches(bytes) else { return }
            collector.changed(key, from: seen, to: sightings.saw(key, bytes))
        }
        guard found.count < followed.count else { return }
        let present = Set(found)
        for key in followed where !present.contains(key) {
            if let seen = tracker.rows[key] { collector.removed(key, seen: seen) }
            sightings.gone.append(key)
        }
    }

    /// Calls `row` with each of `keys`' rows (and, when it reads the whole table, every other
    /// row too). Followed rows that are most of the table (a watch over the 100,000 items of a
    /// 100,001-row file) are read in one pass over the table instead of one index lookup each:
    /// the lookups were most of the look after another process's commit.
    private static func readRows(_ keys: [CacheKey], on connection: SQLiteConnection,
                                 _ row: (CacheKey, UnsafeBufferPointer<UInt8>) throws -> Void) throws {
        let rows = keys.count < scanMinimum ? Int.max : try connection.withStatement(keyCountSQL) { try $0.step() ? Int($0.int64(0)) : 0 }
        guard keys.count * 2 >= rows else { return try SQLiteRows.select(keys: keys, on: connection, row) }
        try connection.withStatement(allRowsSQL) { statement in
            while try statement.step() {
                let key = CacheKey(statement.text(0) ?? "")
                try statement.withBytes(1) { try row(key, $0) } ?? row(key, UnsafeBufferPointer(start: nil, count: 0))
            }
        }
    }

    /// Followed rows from which a look counts the table's rows to choose a pass over it.
    static let scanMinimum = 4_096
    static let allRowsSQL = #"SELECT "key", "record" FROM "records" WHERE "key" IS NOT NULL"#

    /// Rows above the highest rowid seen are new (or replaced: `INSERT OR REPLACE` gives a new
    /// rowid, and a followed key was compared already). Which of them had no row before only
    /// the key listing can tell, while it is as current as the tracker (`hadNoRow`): the old
    /// row of a replaced key is gone from the file.
    /// Returns the keys of the new rows that were not followed.
    private func findNewRows(_ tracker: ExternalChangeTracker, _ sightings: inout ExternalChangeTracker.Sightings,
                             _ collector: inout ExternalRowChanges, on connection: SQLiteConnection) throws -> [CacheKey] {
        var added: [CacheKey] = []
        try connection.withStatement(Self.rowsAfterSQL) { statement in
            statement.bind(tracker.maxRowID, at: 1)
            while try statement.step() {
                sightings.maxRowID = max(sightings.maxRowID, statement.int64(0))
                let key = CacheKey(statement.text(1) ?? "")
                guard !tracker.follows(key) else { continue }
                added.append(key)
                statement.withBytes(2) { bytes in collector.changed(key, from: nil, to: sightings.saw(key, bytes)) }
            }
        }
        return added
    }

    /// Whether the key listing still lists exactly the file's keys after the commits a look
    /// found: none removed, none new (rows rewritten, or replaced under the same key, as an app
    /// re-saving its records does) and as many as listed. The listing then stays, and the next
    /// page reads no key again: re-reading 100,000 keys after each of an app's rewrites held
    /// every key press the explorer was given meanwhile.
    static func listsTheSameKeys(_ listed: SortedKeyIndex, count: Int, added: [CacheKey],
                                 _ collector: ExternalRowChanges) -> Bool {
        collector.removedKeys.isEmpty && count == listed.count && added.allSatisfy(listed.contains)
    }

    /// The keys to add to and remove from the listing so that it lists the file's keys after
    /// the commits a look found, when the look accounts for every one (the keys listed, less
    /// those removed, plus those new, are as many as the file holds); nil when it cannot tell.
    ///
    /// Why: an app that adds a record now and then made the explorer read every key again
    /// after each commit, two seconds of both cores for ten million keys.
    static func listingEdit(_ listed: SortedKeyIndex, count: Int, added: [CacheKey],
                            _ collector: ExternalRowChanges) -> (removed: Set<CacheKey>, added: [CacheKey])? {
        let removed = collector.removedKeys.filter(listed.contains)
        let new = Array(Set(added.filter { !listed.contains($0) }))
        guard listed.count - removed.count + new.count == count else { return nil }
        return (removed, new)
    }

    /// Rows another process removed that nobody read: the key listing (every key, as of the
    /// last comparison) against the file. A count says whether any went missing beyond the
    /// followed rows already found removed; only then are the keys read and compared.
    /// Returns how many keyed rows the file holds.
    private func findUnreadRemovals(_ listed: SortedKeyIndex, added: [CacheKey], _ collector: inout ExternalRowChanges,
                                    on connection: SQLiteConnection) throws -> Int {
        let now = try connection.withStatement(Self.keyCountSQL) { try $0.step() ? Int($0.int64(0)) : 0 }
        let knownRemoved = collector.removedKeys.filter(listed.contains).count
        let new = added.filter { !listed.contains($0) }.count
        guard now < listed.count - knownRemoved + new else { return now }
        // The file's keys as an index of their own, walked beside the listing in order.
        var present = try Self.readKeys(on: connection, reserving: now, reporting: nil)
        present.sortAll()
        for key in listed.keys(notIn: present) where !collector.removedKeys.contains(key) {
            collector.removedUnread(key)
        }
        return now
    }
}

extension SQLiteNormalizedCache.State {
    /// The highest rowid in the table (0 when empty).
    func maxRowID() throws -> Int64 {
        try connection.withStatement(SQLiteNormalizedCache.maxRowIDSQL) { statement in
            try statement.step() ? statement.int64(0) : 0
        }
    }

    /// After this connection wrote `keys`: the tracker remembers the rows as written (so that
    /// they do not read as another process's change) and the new highest rowid.
    /// `keys` is only called when changes are tracked: a cache that tracks none (the library's
    /// default) lists no keys.
    mutating func trackOwnWrites(_ keys: () -> [CacheKey]) throws {
        // Taken out while it changes, so that its table of followed rows is not copied at
        // every commit; put back however this ends (rows noted before a failure were written).
        guard var tracker = tracker.take() else { return }
        defer { self.tracker = tracker }
        let followed = keys().filter { tracker.follows($0) }
        try SQLiteRows.select(keys: followed, on: connection) { key, bytes in tracker.saw(key, bytes) }
        tracker.writtenInTransaction.formUnion(followed)
        tracker.maxRowID = try maxRowID()
    }

    /// After this connection removed `keys`: no longer followed.
    mutating func trackOwnRemovals<S: Sequence>(_ keys: S) where S.Element == CacheKey {
        tracker?.forget(keys)
    }

    /// After this connection removed `keys` (a set: many are forgotten by keeping the rest).
    mutating func trackOwnRemovals(_ keys: Set<CacheKey>) {
        tracker?.forget(keys)
    }

    /// After this connection removed every row whose key `pattern` matches.
    mutating func trackOwnRemovals(matching pattern: KeyPattern) {
        tracker?.forget(matching: pattern)
    }

    /// The outermost transaction committed: its writes are settled.
    mutating func trackCommit() {
        tracker?.writtenInTransaction = []
        commits += 1
    }

    /// The outermost transaction rolled back: the listing and what was written are forgotten.
    mutating func rolledBack() {
        keys.withLock { $0.invalidate() }
        guard var tracker else { return }
        tracker.forget(tracker.writtenInTransaction)
        tracker.writtenInTransaction = []
        if let highest = try? maxRowID() { tracker.maxRowID = highest }
        self.tracker = tracker
    }
}
