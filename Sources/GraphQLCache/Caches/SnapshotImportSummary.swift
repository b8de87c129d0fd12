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
