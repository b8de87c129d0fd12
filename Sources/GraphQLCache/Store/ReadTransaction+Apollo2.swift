/// Apollo iOS 2.x's names for the synchronous transactions: `withKey:`, `write(data:for:)`,
/// `publish(records:)`, `clearCache()`. The older names stay beside them.
extension ReadTransaction {
    /// The fragment's data read at record `key`; throws the first miss.
    public func readObject(fragment: GraphQLOperation, withKey key: CacheKey) throws -> JSONObject {
        try readResult(query: fragment, at: key).completeData()
    }

    /// The data the cache holds for `query`, with one error per missing field: each missing
    /// field (or list element) stands as null and `QueryResult.missingFields` says where and
    /// why, as Apollo Kotlin's cache returns partial data. Complete data has none.
    public func readPartial(query: GraphQLOperation, at key: CacheKey? = nil) throws -> QueryResult {
        let read = try readResult(query: query, at: key, options: ReadOptions(missesAsNull: true))
        return QueryResult(partialRead: read)
    }
}

extension ReadWriteTransaction {
    /// Normalizes `data` for `query` and merges it; returns the changed field keys.
    @discardableResult
    public func write(data: JSONObject, for query: GraphQLOperation) throws -> FieldChanges {
        try merge(records: try store.executor.normalize(data: data, for: query))
    }

    /// Normalizes `data` for `fragment` with its root at record `key` and merges it.
    @discardableResult
    public func write(data: JSONObject, for fragment: GraphQLOperation, withKey key: CacheKey) throws -> FieldChanges {
        try merge(records: try store.executor.normalize(data: data, for: fragment, at: key))
    }

    /// `updateObject(fragment:key:_:)` with Apollo's label.
    @discardableResult
    public func updateObject(fragment: GraphQLOperation, withKey key: CacheKey,
                             _ body: (inout JSONObject) throws -> Void) throws -> FieldChanges {
        try updateObject(fragment: fragment, key: key, body)
    }

    /// Merges `records` with Apollo's rules (its `publish(records:)`).
    @discardableResult
    public func publish(records: RecordSet) throws -> FieldChanges {
        try merge(records: records)
    }

    /// Removes every record.
    public func clearCache() throws { try clear() }
}

extension CacheStore {
    /// Writes `data` for `fragment` rooted at record `key` in its own transaction.
    @discardableResult
    public func write(data: JSONObject, for fragment: GraphQLOperation, withKey key: CacheKey,
                      origin: ChangeOrigin? = nil) throws -> FieldChanges {
        try write(data: data, for: fragment, at: key, origin: origin)
    }

    /// Merges `records` in its own transaction (Apollo's `ApolloStore.publish(records:)`).
    @discardableResult
    public func publish(records: RecordSet, origin: ChangeOrigin? = nil) throws -> FieldChanges {
        try merge(records: records, origin: origin)
    }

    /// Removes every record (Apollo's `clearCache()`).
    public func clearCache() throws { try clear() }

    /// `readPartial(query:)` in its own read transaction.
    public func readPartial(query: GraphQLOperation, at key: CacheKey? = nil) throws -> QueryResult {
        try withinReadTransaction { try $0.readPartial(query: query, at: key) }
    }
}
