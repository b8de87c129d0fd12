/// A cache that removes many records by key in fewer, bigger steps than one `removeRecord` each
/// (the SQLite cache: one check of the file and one update of its key listing per chunk of
/// keys). A store commit removing more than one key uses it.
///
/// Why: a 100,000-record delete committed one `removeRecord` at a time checked the file and
/// shifted the key listing's order once per key, for seconds of the explorer's delete.
package protocol KeyBatchRemoving: NormalizedCache {
    /// Removes the records of `keys` (absent ones are skipped), all or none; returns the keys
    /// that had a record.
    @discardableResult
    func removeRecords(forKeys keys: [CacheKey]) throws -> Set<CacheKey>
}
