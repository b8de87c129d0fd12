/// Record-level writes without an explicit transaction: each call is one read-write
/// transaction, so subscribers and watchers hear of it. What the explorer's edits use.
extension CacheStore {
    /// Merges `records` (Apollo's merge rules); returns the changed field keys, grouped by
    /// record as `NormalizedCache.merge(records:)` returns them (`fieldKeys` makes a set).
    @discardableResult
    public func merge(records: RecordSet, origin: ChangeOrigin? = nil) throws -> FieldChanges {
        let (staged, committed) = try withinReadWriteTransactionReportingChange(origin: origin) {
            try $0.mergeReportedAtCommit(records: records)
        }
        return staged ?? committed.changedFieldKeys.grouping
    }

    /// Removes one record (no cascade); returns whether it existed.
    @discardableResult
    public func removeRecord(for key: CacheKey) throws -> Bool {
        try withinReadWriteTransaction { try $0.removeRecord(for: key) }
    }

    /// Removes every record whose key contains `pattern` (literal, case-insensitive); returns
    /// the removed keys: those the deletion deleted, also any another process wrote meanwhile.
    @discardableResult
    public func removeRecords(matching pattern: String) throws -> Set<CacheKey> {
        try withinReadWriteTransactionReportingChange { try $0.removeRecordsReportedAtCommit(matching: pattern) }.change.removedRecords
    }

    /// Removes every record.
    public func clear() throws {
        try withinReadWriteTransaction { try $0.clear() }
    }

    /// Loads records in one read transaction; absent keys are missing from the result.
    public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        try withinReadTransaction { try $0.loadRecords(forKeys: keys) }
    }

    /// Loads one record.
    public func loadRecord(forKey key: CacheKey) throws -> Record? {
        try withinReadTransaction { try $0.loadRecord(forKey: key) }
    }
}
