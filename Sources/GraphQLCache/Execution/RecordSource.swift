/// Where reads get records: a cache, or a store transaction (its overlay over the cache).
public protocol RecordSource {
    /// The records present among `keys`; absent keys are simply missing from the result.
    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record]
}

/// Any `NormalizedCache` as a record source, so a read can go straight to a cache.
public struct CacheRecordSource: RecordSource {
    /// The cache reads go to.
    public let cache: any NormalizedCache

    public init(_ cache: any NormalizedCache) { self.cache = cache }

    public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        try cache.loadRecords(forKeys: keys)
    }
}

/// A `RecordSet` (normalized data not yet written, a snapshot) as a record source.
extension RecordSet: RecordSource {
    public func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        var found: [CacheKey: Record] = [:]
        for key in keys { if let record = self[key] { found[key] = record } }
        return found
    }
}
