/// Reads of GraphQL documents inside a transaction, through the transaction's view of the
/// records (a read-write transaction sees its own writes).
extension ReadTransaction: RecordSource {
    /// The query's data from the cache as a result (source `cache`, with its dependent keys);
    /// throws `GraphQLCacheError.cacheMiss` with the first miss.
    public func load(query: GraphQLOperation) throws -> QueryResult {
        let read = try readResult(query: query)
        var result = QueryResult(data: try read.completeData(), source: .cache, dependencies: read.dependencies)
        result.pending = read.pending
        return result
    }

    /// The query's data; throws `GraphQLCacheError.cacheMiss` with the first miss when the
    /// cache cannot answer it whole.
    public func read(query: GraphQLOperation) throws -> JSONObject {
        try readResult(query: query).completeData()
    }

    /// The fragment's data read at record `key`; throws the first miss as
    /// `GraphQLCacheError.cacheMiss`.
    public func readObject(fragment: GraphQLOperation, key: CacheKey) throws -> JSONObject {
        try readResult(query: fragment, at: key).completeData()
    }

    /// The whole outcome of a read, for explaining it: partial data, every miss, dependent keys.
    public func readResult(query: GraphQLOperation, at key: CacheKey? = nil,
                           options: ReadOptions = ReadOptions()) throws -> ReadResult {
        try checkOpen()
        return try store.executor.read(query, at: key, from: self, options: options)
    }
}

/// Writes of GraphQL data inside a read-write transaction: Apollo's direct cache access.
extension ReadWriteTransaction {
    /// Normalizes `data` for `query` and merges it; returns the changed field keys.
    @discardableResult
    public func write(data: JSONObject, query: GraphQLOperation) throws -> FieldChanges {
        try merge(records: try store.executor.normalize(data: data, for: query))
    }

    /// Normalizes `data` for `fragment` with its root at record `key` and merges it.
    @discardableResult
    public func write(data: JSONObject, fragment: GraphQLOperation, key: CacheKey) throws -> FieldChanges {
        try merge(records: try store.executor.normalize(data: data, for: fragment, at: key))
    }

    /// Apollo's local cache mutation: reads the query allowing absent nullable fields (they
    /// read as null), lets `body` change the data, and writes it back. Stored values the body
    /// leaves alone are written back as they were (a stored `nickname: null` stays null).
    @discardableResult
    public func update(query: GraphQLOperation, _ body: (inout JSONObject) throws -> Void) throws -> FieldChanges {
        try mutate(query, at: nil, body)
    }

    /// `update(query:)` for a fragment read and written at record `key`.
    @discardableResult
    public func updateObject(fragment: GraphQLOperation, key: CacheKey,
                             _ body: (inout JSONObject) throws -> Void) throws -> FieldChanges {
        try mutate(fragment, at: key, body)
    }

    /// Removes the record of an object (no cascade); returns whether it existed.
    @discardableResult
    public func removeObject(for key: CacheKey) throws -> Bool {
        try removeRecord(for: key)
    }

    /// Removes the records whose keys contain `pattern` (literal, case-insensitive).
    @discardableResult
    public func removeObjects(matching pattern: String) throws -> Set<CacheKey> {
        try removeRecords(matching: pattern)
    }

    private func mutate(_ operation: GraphQLOperation, at key: CacheKey?,
                        _ body: (inout JSONObject) throws -> Void) throws -> FieldChanges {
        let options = ReadOptions(allowMissingNullableFields: true, includeTypename: true)
        let read = try readResult(query: operation, at: key, options: options)
        var data = try read.completeData()
        try body(&data)
        // A field that was absent and that the body left null stays absent (Apollo writes back
        // only what the data held or the body set), so a later read still misses it.
        for path in read.filledAbsent { data.removeNull(at: path[...]) }
        // The typenames the body did not see, so objects keep their cache ids when written.
        for (path, typename) in read.addedTypenames { data.setTypename(typename, at: path[...]) }
        return try merge(records: try store.executor.normalize(data: data, for: operation, at: key, allowingAbsentFields: true))
    }
}
