import GraphQLCache

/// A `NormalizedCache` that keeps its records in an `InMemoryNormalizedCache` the test can
/// inspect, and adds nothing: what a test's own cache (one that cannot list its keys, one
/// that counts calls) subclasses, overriding only what it is about.
open class InMemoryBackedCache: NormalizedCache, @unchecked Sendable {
    public let records: InMemoryNormalizedCache

    public init(_ records: [Record]) { self.records = InMemoryNormalizedCache(records: RecordSet(records: records)) }

    open func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] { try records.loadRecords(forKeys: keys) }
    open func merge(records set: RecordSet) throws -> FieldChanges { try records.merge(records: set) }
    open func removeRecord(for key: CacheKey) throws -> Bool { try records.removeRecord(for: key) }
    open func removeRecords(matching pattern: String) throws -> Set<CacheKey> { try records.removeRecords(matching: pattern) }
    open func clear() throws { try records.clear() }
    open func performAtomically<T>(_ body: () throws -> T) throws -> T { try body() }
}
