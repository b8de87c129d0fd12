import GraphQLCache

extension SQLiteNormalizedCache: ComparingMerge {
    /// `merge(records:)` refusing to replace a stored row that cannot be read: it throws
    /// `SQLiteError.brokenRecord` naming the row, and writes nothing, as a store's transaction
    /// that loads the row first does.
    package func mergeComparing(records: RecordSet) throws -> FieldChanges {
        try merge(records, refusingBrokenRows: true)
    }
}
