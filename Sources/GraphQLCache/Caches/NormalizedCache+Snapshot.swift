/// What writing a snapshot into a cache did, for `cachelens import` to report.
public struct SnapshotImportSummary: Sendable, Equatable {
    /// Records removed first (`replacing`), 0 for a merge.
    public var removedRecords: Int
    /// Records in the snapshot.
    public var records: Int
    /// Records that were added or had a field changed.
    public var changedRecords: Int
    /// Field keys that were added or changed.
    public var changedFields: Int

    /// A summary with each count.
    public init(removedRecords: Int, records: Int, changedRecords: Int, changedFields: Int) {
        self.removedRecords = removedRecords
        self.records = records
        self.changedRecords = changedRecords
        self.changedFields = changedFields
    }
}

extension NormalizedCache {
    /// Writes a snapshot's records in one atomic step: merged with Apollo's rules or, when
    /// `replacing`, after removing every record, so the cache then holds exactly the snapshot.
    /// If anything fails, the cache is left as it was.
    public func importSnapshot(_ records: RecordSet, replacing: Bool) throws -> SnapshotImportSummary {
        try performAtomically {
            var removed = 0
            if replacing {
                removed = try recordCount()
                try clear()
            }
            let changed = try merge(records: records)
            return SnapshotImportSummary(removedRecords: removed, records: records.count,
                                         changedRecords: changed.records.count,
                                         changedFields: changed.count)
        }
    }
}
