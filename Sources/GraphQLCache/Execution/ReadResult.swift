/// Options of a read.
public struct ReadOptions: Sendable, Hashable {
    /// Treat an absent nullable field as null instead of a miss: what Apollo's local cache
    /// mutations (`update(query:)`) need to edit data that was only partly cached.
    public var allowMissingNullableFields: Bool
    /// Leave a null where a field missed (the miss is still recorded), so that the partial data
    /// keeps every selected field in query order: what a tree of hits and misses is drawn from.
    public var missesAsNull: Bool

    public init(allowMissingNullableFields: Bool = false, missesAsNull: Bool = false) {
        self.allowMissingNullableFields = allowMissingNullableFields
        self.missesAsNull = missesAsNull
    }
}

/// The outcome of reading a document from records: the (possibly partial) data, every miss,
/// and the field keys the read depended on (watchers re-read when one of them changes).
public struct ReadResult: Sendable {
    /// The data in selection order; fields that missed are absent. Nil when the root itself
    /// missed.
    public var data: JSONObject?
    /// Every miss, in document order.
    public var misses: [CacheMiss]
    /// `record.field` for every field looked up, misses included.
    public var dependentKeys: Set<FieldKey>

    public init(data: JSONObject?, misses: [CacheMiss], dependentKeys: Set<FieldKey>) {
        self.data = data
        self.misses = misses
        self.dependentKeys = dependentKeys
    }

    /// Whether the read found everything.
    public var isComplete: Bool { misses.isEmpty }

    /// The data when complete; otherwise throws the first miss as `GraphQLCacheError.cacheMiss`.
    public func completeData() throws(GraphQLCacheError) -> JSONObject {
        if let miss = misses.first { throw .cacheMiss(miss) }
        return data ?? JSONObject()
    }
}
