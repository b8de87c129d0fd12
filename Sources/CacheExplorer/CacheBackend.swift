import GraphQLCache

/// An `ExplorerBackend` straight over a `NormalizedCache` (a snapshot, a SQLite file with no
/// store): browsing and editing work; watches and the query console need the store.
public final class CacheBackend: ExplorerBackend {
    /// The cache browsed.
    public let cache: NormalizedCache
    public let sourceName: String
    public let isReadOnly: Bool

    public init(cache: NormalizedCache, sourceName: String, readOnly: Bool = false) {
        self.cache = cache
        self.sourceName = sourceName
        self.isReadOnly = readOnly
    }

    public func keyCount(matching filter: String?) throws -> Int {
        try cache.keyCount(matching: filter)
    }

    public func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        try cache.keys(matching: filter, offset: offset, limit: limit)
    }

    public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        try cache.loadRecords(forKeys: keys)
    }

    public func forEachRecord(_ body: (Record) throws -> Void) throws {
        try cache.forEachRecord { result in
            if case .success(let record) = result { try body(record) }
        }
    }

    public func write(_ records: [Record]) throws -> Set<FieldKey> {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        return try cache.merge(records: RecordSet(records: records))
    }

    public func remove(keys: [CacheKey]) throws -> [Record] {
        guard !isReadOnly else { throw ExplorerError.readOnly }
        return try cache.performAtomically {
            let records = try cache.loadRecords(forKeys: Set(keys))
            for key in keys where records[key] != nil { try cache.removeRecord(for: key) }
            return keys.compactMap { records[$0] }
        }
    }
}
