/// A read transaction as Apollo iOS 2.x's body receives it: every read is `async`, so a body
/// written for Apollo (`try await $0.read(query:)`) compiles unchanged. It wraps the
/// synchronous `ReadTransaction` and, like it, must not leave its closure.
public class AsyncReadTransaction {
    /// The synchronous transaction underneath, for reads that have no async form here.
    public let base: ReadTransaction

    init(_ base: ReadTransaction) { self.base = base }

    /// The query's data; throws `GraphQLCacheError.cacheMiss` with the first miss.
    public final func read(query: GraphQLOperation) async throws -> JSONObject {
        try base.read(query: query)
    }

    /// The fragment's data read at record `key` (Apollo's `readObject(ofType:withKey:)`).
    public final func readObject(fragment: GraphQLOperation, withKey key: CacheKey) async throws -> JSONObject {
        try base.readObject(fragment: fragment, withKey: key)
    }

    /// The query's data as a result, or nil when the cache cannot answer it whole.
    public final func load(query: GraphQLOperation) async throws -> QueryResult? {
        do { return try base.load(query: query) } catch GraphQLCacheError.cacheMiss { return nil }
    }

    /// The query's data as a result; throws the first miss, which says why.
    public final func loadResult(query: GraphQLOperation) async throws -> QueryResult {
        try base.load(query: query)
    }

    /// The data found, with one error per missing field (`QueryResult.missingFields`).
    public final func readPartial(query: GraphQLOperation) async throws -> QueryResult {
        try base.readPartial(query: query)
    }

    /// The whole outcome of a read: partial data, every miss, dependent keys.
    public final func readResult(query: GraphQLOperation, at key: CacheKey? = nil,
                                 options: ReadOptions = ReadOptions()) async throws -> ReadResult {
        try base.readResult(query: query, at: key, options: options)
    }

    /// The records present among `keys`.
    public final func loadRecords(forKeys keys: Set<CacheKey>) async throws -> [CacheKey: Record] {
        try base.loadRecords(forKeys: keys)
    }
}

@available(*, unavailable, message: "a transaction must not leave its closure")
extension AsyncReadTransaction: Sendable {}

/// A read-write transaction with Apollo iOS 2.x's async calls; the writes reach the cache
/// together when the closure of `CacheStore.withinReadWriteTransaction` returns.
public final class AsyncReadWriteTransaction: AsyncReadTransaction {
    private let writer: ReadWriteTransaction

    init(_ base: ReadWriteTransaction) {
        writer = base
        super.init(base)
    }

    /// Normalizes `data` for `query` and writes it; returns the changed field keys.
    @discardableResult
    public func write(data: JSONObject, for query: GraphQLOperation) async throws -> FieldChanges {
        try writer.write(data: data, for: query)
    }

    /// Writes `data` for `fragment` with its root at record `key`.
    @discardableResult
    public func write(data: JSONObject, for fragment: GraphQLOperation, withKey key: CacheKey) async throws -> FieldChanges {
        try writer.write(data: data, for: fragment, withKey: key)
    }

    /// Apollo's local cache mutation: reads `query`, lets `body` change the data, writes it back.
    @discardableResult
    public func update(query: GraphQLOperation, _ body: (inout JSONObject) throws -> Void) async throws -> FieldChanges {
        try writer.update(query: query, body)
    }

    /// `update(query:)` for a fragment read and written at record `key`.
    @discardableResult
    public func updateObject(fragment: GraphQLOperation, withKey key: CacheKey,
                             _ body: (inout JSONObject) throws -> Void) async throws -> FieldChanges {
        try writer.updateObject(fragment: fragment, key: key, body)
    }

    /// Merges `records` (Apollo's `publish(records:)`); returns the changed field keys.
    @discardableResult
    public func publish(records: RecordSet) async throws -> FieldChanges {
        try writer.merge(records: records)
    }

    /// Removes the record of an object (no cascade); returns whether it existed.
    @discardableResult
    public func removeObject(for key: CacheKey) async throws -> Bool {
        try writer.removeRecord(for: key)
    }

    /// Removes the records whose keys contain `pattern` (literal, case-insensitive).
    @discardableResult
    public func removeObjects(matching pattern: String) async throws -> Set<CacheKey> {
        try writer.removeRecords(matching: pattern)
    }

    /// Removes every record.
    public func clearCache() async throws {
        try writer.clear()
    }
}
