extension BrowsableNormalizedCache {
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
