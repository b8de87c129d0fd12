/// A read transaction: a consistent view of the store for the duration of one
/// `CacheStore.withinReadTransaction` closure. It cannot leave the closure (it is not
/// `Sendable`), and using one kept past its closure throws `transactionClosed`.
public class ReadTransaction {
    /// The store this transaction reads.
    public let store: CacheStore
    private(set) var isOpen = true
    /// The view this transaction reads instead of the cache, when the cache gave one.
    private let snapshot: (any CacheReadSnapshot)?

    init(store: CacheStore, snapshot: (any CacheReadSnapshot)? = nil) {
        self.store = store
        self.snapshot = snapshot
    }

    /// The cache under the store.
    var cache: NormalizedCache { store.cache }

    /// Ends the transaction when its closure returns.
    func close() { isOpen = false }

    /// Throws unless the transaction's closure is still running.
    func checkOpen() throws {
        guard isOpen else { throw GraphQLCacheError.transactionClosed }
    }

    /// The records present among `keys`, as this transaction sees them.
    public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        try checkOpen()
        return try snapshot?.loadRecords(forKeys: keys) ?? cache.loadRecords(forKeys: keys)
    }

    /// One record as this transaction sees it, or nil.
    public final func loadRecord(forKey key: CacheKey) throws -> Record? {
        try loadRecords(forKeys: [key])[key]
    }
}

@available(*, unavailable, message: "a transaction must not leave its closure")
extension ReadTransaction: Sendable {}
