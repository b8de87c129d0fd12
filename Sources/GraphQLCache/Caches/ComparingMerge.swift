/// A cache whose merge compares the incoming records with what it holds exactly as a store's
/// transaction would (Apollo's rules, `Record.merge`), and fails, writing nothing, where the
/// transaction's load would have failed (a stored row that cannot be read).
///
/// Why: `CacheStore.merge(records:)` as a transaction's only write then leaves the comparison
/// to the cache at commit and reports the cache's answer, instead of loading every record
/// first (100,000 absent keys asked of the file, then the records laid over the transaction:
/// a third of restoring 100,000 records). A cache without it is merged the long way.
package protocol ComparingMerge: NormalizedCache {
    /// `merge(records:)`, except that a stored row among the keys that cannot be read fails
    /// the merge (naming it) instead of being replaced.
    func mergeComparing(records: RecordSet) throws -> FieldChanges
}

extension InMemoryNormalizedCache: ComparingMerge {
    /// Its records are always readable: its merge is the comparison.
    package func mergeComparing(records: RecordSet) throws -> FieldChanges {
        try merge(records: records)
    }
}
