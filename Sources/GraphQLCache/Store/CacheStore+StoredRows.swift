/// Removing rows and putting them back as bytes, through the store so that its witness and its
/// subscribers hear of each as of any commit: the explorer's delete of many records by pattern
/// and its undo, over a cache that writes rows as bytes (`StoredRowWriting`).
///
/// Each is a commit of its own, made without a `ReadWriteTransaction`: a transaction stages
/// records, and these never hold one. The witness is handed the rows (`CommittedRows`) rather
/// than asked to read them before and after.
extension CacheStore {
    /// Whether the cache writes rows as bytes: `removeRows(matching:…)` and
    /// `restoreRows(_:…)` work.
    package var writesStoredRows: Bool { cache is any StoredRowWriting }

    /// Removes the records whose key matches `pattern` in one statement and returns their rows
    /// as they were, with the change as committed (each removed key, no field key: a removal
    /// by pattern reports them so). Nil when the cache does not write rows as bytes. When
    /// `progress` throws, nothing is removed and the error is thrown.
    package func removeRows(matching pattern: String, expecting count: Int = 0, origin: ChangeOrigin?,
                            progress: (Int) throws -> Void) throws -> (rows: StoredRows, change: CacheChange)? {
        guard let rowCache = cache as? any StoredRowWriting else { return nil }
        try AsyncTransactionScope.checkNotNested()
        let result = try lock.withWriteLock { () throws -> (rows: StoredRows, change: CacheChange) in
            let rows = try rowCache.removeRows(matching: pattern, expecting: count, progress: progress)
            // The table's unique index keeps the keys distinct: no set is made of them.
            let change = CacheChange(removedDistinct: rows.keys, origin: origin)
            if !change.isEmpty {
                currentCommitWitness?.didCommit(change, rows: .removed(rows))
                dispatcher.post(change)
            }
            return (rows, change)
        }
        dispatcher.drain()
        return result
    }

    /// Puts `rows` back in one transaction: each as its bytes where its key has no row; where
    /// one stands now (written since), the row's record is merged over it, as a merge of the
    /// record would. A row that is not a record (nil in `fieldNames`) goes back as its bytes
    /// too, and is left out where a row stands. The change names every field of the records
    /// written. Nil when the cache does not write rows as bytes. When `progress` (rows handled)
    /// throws, nothing is written.
    ///
    /// `fieldNames` (each row's, `StoredRows.fieldNames(at:)`) is asked for once the rows are
    /// written: the caller may find them meanwhile, on another core, while this thread writes
    /// (the explorer's undo does).
    package func restoreRows(_ rows: StoredRows, fieldNames namesOfRows: () throws -> [[String]?], origin: ChangeOrigin?,
                             progress: (Int) throws -> Void) throws -> CacheChange? {
        guard let rowCache = cache as? any StoredRowWriting else { return nil }
        try AsyncTransactionScope.checkNotNested()
        let change = try lock.withWriteLock { () throws -> CacheChange in
            var names: [[String]?] = []
            let (written, mergedChanges, merged) = try rowCache.performAtomically {
                let written = try rowCache.insertRowsWhereAbsent(rows, progress: progress)
                names = try namesOfRows()
                precondition(names.count == rows.count, "restoreRows: one entry of field names for each row")
                let standing = Self.positionsNotWritten(rows.count, written: written)
                let records = standing.compactMap { index in
                    names[index] == nil ? nil : rows.fields(at: index).map { Record(key: rows.keys[index], $0) }
                }
                let changes = records.isEmpty ? FieldChanges() : try rowCache.merge(records: RecordSet(records: records))
                return (written, changes, records.map(\.key))
            }
            var changed = FieldChanges()
            changed.reserveCapacity(records: written.count + merged.count)
            for index in written {
                if let recordNames = names[index] { changed.appendNew(record: rows.keys[index], fields: recordNames) }
            }
            changed.formUnion(mergedChanges)
            let change = CacheChange(changed: changed, origin: origin)
            if !change.isEmpty {
                currentCommitWitness?.didCommit(change, rows: .restored(rows, written: written, fieldNames: names, merged: merged))
                dispatcher.post(change)
            }
            return change
        }
        dispatcher.drain()
        return change
    }

    /// The positions below `count` missing from `written` (ascending).
    private static func positionsNotWritten(_ count: Int, written: [Int]) -> [Int] {
        guard written.count < count else { return [] }
        var isWritten = [Bool](repeating: false, count: count)
        for index in written { isWritten[index] = true }
        return (0..<count).filter { !isWritten[$0] }
    }
}
