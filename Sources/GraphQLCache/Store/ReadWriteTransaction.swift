/// A read-write transaction: record writes that later reads in the same transaction see, and
/// that reach the cache together when the closure of `CacheStore.withinReadWriteTransaction`
/// returns (nothing at all if it throws).
public final class ReadWriteTransaction: ReadTransaction {
    var overlay = TransactionOverlay()

    /// The records present among `keys`, this transaction's writes included.
    public override func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        try checkOpen()
        let toLoad = overlay.baseKeysToLoad(keys)
        if !toLoad.isEmpty {
            overlay.rememberBase(try cache.loadRecords(forKeys: toLoad), for: toLoad)
        }
        var result = [CacheKey: Record](minimumCapacity: keys.count)
        for key in keys {
            if let record = overlay.effectiveRecord(key) { result[key] = record }
        }
        return result
    }

    /// Merges `records` with Apollo's rules over what this transaction sees; returns the
    /// changed field keys (every field of a new record, only differing values otherwise),
    /// grouped by record as `NormalizedCache.merge(records:)` returns them (`fieldKeys` makes
    /// a set of them).
    @discardableResult
    public func merge(records: RecordSet) throws -> FieldChanges {
        let changed = try stage(records)
        overlay.noteChanged(changed)
        return changed
    }

    /// `merge(records:)` for a caller that does not need the changed field keys back (the
    /// explorer's restore of 100,000 records, a chunk at a time).
    package func mergeWithoutAnswer(records: RecordSet) throws {
        overlay.noteChanged(try stage(records))
    }

    /// Lays `records` over what this transaction sees; returns the changed field keys grouped
    /// by record, with no field key hashed (a new record's fields are not even listed).
    private func stage(_ records: RecordSet) throws -> FieldChanges {
        let current = try loadRecords(forKeys: Set(records.keys))
        overlay.reservePatches(records.count)
        var changed = FieldChanges()
        changed.reserveCapacity(records: records.count)
        for record in records.records {
            overlay.merge(record, over: current[record.key], into: &changed)
        }
        return changed
    }

    /// Makes room for `records` more removals holding about `fields` field keys in all, before
    /// a caller that knows its size (a redo of the explorer's undo of a big delete) makes them
    /// one chunk at a time: the transaction's sets then do not grow.
    package func reserve(removals records: Int, fields: Int) {
        overlay.reserveRemovals(records: records, fields: fields)
    }

    /// Removes one record (references to it are left dangling); returns whether it existed.
    /// A broken row (a stored record that cannot be read) is removed too: it is data that
    /// cannot be repaired any other way.
    @discardableResult
    public func removeRecord(for key: CacheKey) throws -> Bool {
        let current: Record?
        do { current = try recordBeforeRemoval(key) } catch {
            guard let rows = cache as? BrokenRowReporting, case .broken? = try rows.loadStoredRecords(forKeys: [key])[key] else {
                throw error
            }
            overlay.removeBroken(key)
            return true
        }
        overlay.remove(key, current: current)
        return current != nil
    }

    /// The record `key` has in this transaction. One it loaded already comes from the overlay,
    /// not through `loadRecords` and a set of one key: the explorer loads each chunk of a big
    /// delete (for its undo), then removes it key by key.
    private func recordBeforeRemoval(_ key: CacheKey) throws -> Record? {
        guard overlay.knowsBase(key) else { return try loadRecord(forKey: key) }
        try checkOpen()
        return overlay.effectiveRecord(key)
    }

    /// Removes the records of `keys`, which the caller read as stored rows (of the cache, as
    /// bytes) in this transaction: as the transaction's only write, none is loaded again and
    /// the change reports them as removed records without their field keys, as a removal by
    /// pattern does; after other writes each is removed as `removeRecord(for:)` removes it.
    /// A key without a row (another process deleted it meanwhile) is reported removed all the
    /// same: the caller saw its row.
    package func removeStoredRows(_ keys: Set<CacheKey>) throws {
        try checkOpen()
        guard overlay.isUntouched else {
            for key in keys { try removeRecord(for: key) }
            return
        }
        overlay.removeStoredRows(keys)
    }

    /// Removes every record whose key contains `pattern` as a literal, case-insensitive
    /// substring (`KeyPattern`); returns the removed keys. The records are not loaded, so the
    /// change reports their fields only where this transaction had read or written them.
    @discardableResult
    public func removeRecords(matching pattern: String) throws -> Set<CacheKey> {
        try checkOpen()
        let baseKeys = try cacheKeys(matching: pattern.isEmpty ? nil : pattern)
        return overlay.remove(matching: KeyPattern(pattern), baseKeys: baseKeys)
    }

    /// `removeRecords(matching:)` as the only write of the transaction, the keys left to the
    /// commit's report (`CacheChange.removedRecords`, the keys the cache's deletion deleted):
    /// the store's own removal by pattern, which returns that report, so listing the keys
    /// first would be done twice. With a `CommitWitness` (which must see the keys before the
    /// commit) or after other writes, the keys are listed as `removeRecords(matching:)` does.
    func removeRecordsReportedAtCommit(matching pattern: String) throws {
        try checkOpen()
        guard commitReportIsTheAnswer else {
            _ = try removeRecords(matching: pattern)
            return
        }
        overlay.removeUnlisted(matching: KeyPattern(pattern))
    }

    /// `merge(records:)` as the only write of the transaction, the changes left to the commit's
    /// report (the cache's merge answers them): the store's own `merge(records:)`, which
    /// returns that report. With a `CommitWitness` (which must see the change before the
    /// commit) or after other writes, the records are merged as `merge(records:)` does, and
    /// its answer returned; nil when the commit's report is the answer.
    func mergeReportedAtCommit(records: RecordSet) throws -> FieldChanges? {
        try checkOpen()
        guard commitReportIsTheAnswer, cache is any ComparingMerge else {
            return try merge(records: records)
        }
        overlay.mergeUnstaged(records)
        return nil
    }

    /// Whether a lone write may leave its report to the cache's answer at commit: nothing else
    /// was written, and no `CommitWitness` must see the change before the commit.
    private var commitReportIsTheAnswer: Bool {
        overlay.isUntouched && store.currentCommitWitness == nil
    }

    /// Removes every record.
    public func clear() throws {
        try checkOpen()
        _ = overlay.clear(baseKeys: try cacheKeys(matching: nil))
    }

    /// The cache's keys containing `filter` (all when nil), which a removal reports: listed by a
    /// cache that can list them (`BrowsableNormalizedCache`, as both caches here can). A cache
    /// that cannot still has the removal applied at commit, but only the keys this transaction
    /// loaded are known to be removed, so only those are reported.
    private func cacheKeys(matching filter: String?) throws -> Set<CacheKey> {
        guard let browsable = cache as? any BrowsableNormalizedCache else {
            return overlay.loadedBaseKeys(matching: KeyPattern(filter ?? ""))
        }
        return Set(try browsable.keys(matching: filter, offset: 0, limit: browsable.keyCount(matching: filter)))
    }

    /// Applies the writes to the cache atomically; returns what they changed.
    ///
    /// Writes that apply in one call (the explorer's delete by pattern, one merge) on a cache
    /// whose every change is atomic by itself are not wrapped in `performAtomically`: the SQLite
    /// cache then runs a lone removal by pattern outside any transaction, where SQLite keeps no
    /// statement journal.
    /// The store's `CommitWitness`, if any, sees the change before and after it is applied.
    func commit(origin: ChangeOrigin?) throws -> CacheChange {
        let overlay = self.overlay
        let witness = store.currentCommitWitness
        if let witness, !overlay.change.isEmpty {
            var coming = overlay.change
            coming.origin = origin
            witness.willCommit(coming)
        }
        let applied: TransactionOverlay.Applied
        if overlay.appliesInOneCall, cache.appliesEachChangeAtomically {
            applied = try overlay.apply(to: cache)
        } else {
            applied = try cache.performAtomically { try overlay.apply(to: cache) }
        }
        var change = overlay.committedChange(applied)
        change.origin = origin
        if !change.isEmpty { witness?.didCommit(change) }
        return change
    }
}
