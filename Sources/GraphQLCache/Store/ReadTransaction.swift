/// A read transaction: a consistent view of the store for the duration of one
/// `CacheStore.withinReadTransaction` closure. It cannot leave the closure (it is not
/// `Sendable`), and using one kept past its closure throws `transactionClosed`.
public class ReadTransaction {
    /// The store this transaction reads.
    public let store: CacheStore
    private(set) var isOpen = true

    init(store: CacheStore) {
        self.store = store
    }

    /// The cache under the store.
    var cache: NormalizedCache { store.cache }

    /// Ends the transaction when its closure returns.
    func close() { isOpen = false }

    /// Throws unless the transaction's closure is still running.
    func checkOpen() throws {
        guard isOpen else { throw CacheStoreError.transactionClosed }
    }

    /// The records present among `keys`, as this transaction sees them.
    public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        try checkOpen()
        return try cache.loadRecords(forKeys: keys)
    }

    /// One record as this transaction sees it, or nil.
    public final func loadRecord(forKey key: CacheKey) throws -> Record? {
        try loadRecords(forKeys: [key])[key]
    }
}

@available(*, unavailable, message: "a transaction must not leave its closure")
extension ReadTransaction: Sendable {}

/// Failures of the store itself (cache failures pass through as the cache reports them).
public enum CacheStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A transaction was used after its closure returned.
    case transactionClosed
    /// A transaction was opened inside a read-write transaction of the same store, on the
    /// same thread (use the transaction you have instead).
    case nestedTransaction

    public var description: String {
        switch self {
        case .transactionClosed: return "the transaction was used after its closure returned"
        case .nestedTransaction: return "a transaction was opened inside a read-write transaction of the same store"
        }
    }
}
