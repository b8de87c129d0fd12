/// A cache that can hand out a consistent, read-only view of its committed records, so that a
/// long read (a watch over 100,000 items) runs without holding the store's read lock: writers
/// (the user's edit) commit meanwhile, and a watcher re-reads when their change reaches it.
///
/// `InMemoryNormalizedCache` shares its record storage copy-on-write; a SQLite cache in WAL mode
/// reads in a read transaction on a connection of its own, which sees one snapshot of the file
/// without blocking writers.
public protocol ReadSnapshotting: NormalizedCache {
    /// A view of the records as committed now, or nil when the cache cannot give one (the store
    /// then holds its read lock for the whole read, as for any other cache).
    func readSnapshot() throws -> (any CacheReadSnapshot)?
}

/// A consistent, read-only view of a cache at one moment (see `ReadSnapshotting`). Used by one
/// thread, within one read transaction.
public protocol CacheReadSnapshot: AnyObject {
    /// The records present among `keys` in the view.
    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record]
    /// Ends the view (a SQLite read transaction), once, when the read is over.
    func close()
}

/// A view of an in-memory record set: the set's storage is shared until the cache next writes.
final class RecordSetSnapshot: CacheReadSnapshot {
    private var records: RecordSet?

    init(_ records: RecordSet) { self.records = records }

    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        guard let records else { throw GraphQLCacheError.transactionClosed }
        var result = [CacheKey: Record](minimumCapacity: keys.count)
        for key in keys { if let record = records[key] { result[key] = record } }
        return result
    }

    /// Lets go of the storage, so that the cache's next write does not copy it.
    func close() { records = nil }
}
