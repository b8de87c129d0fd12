/// GraphQL documents against the store without an explicit transaction: each call runs in a
/// transaction of its own.
extension CacheStore {
    /// `load(query:)` in its own read transaction (Apollo's `ApolloStore.load`).
    public func load(query: GraphQLOperation) throws -> QueryResult {
        try withinReadTransaction { try $0.load(query: query) }
    }

    /// Reads `query` (or a fragment at `key`) in its own read transaction: partial data, every
    /// miss and the dependent keys, for explaining a miss.
    public func readResult(query: GraphQLOperation, at key: CacheKey? = nil,
                           options: ReadOptions = ReadOptions()) throws -> ReadResult {
        try withinReadTransaction { try $0.readResult(query: query, at: key, options: options) }
    }

    /// Writes `data` for `query` (or a fragment rooted at `key`) in its own read-write
    /// transaction; returns the changed field keys.
    @discardableResult
    public func write(data: JSONObject, for operation: GraphQLOperation, at key: CacheKey? = nil,
                      origin: ChangeOrigin? = nil) throws -> FieldChanges {
        let records = try executor.normalize(data: data, for: operation, at: key)
        return try merge(records: records, origin: origin)
    }
}
