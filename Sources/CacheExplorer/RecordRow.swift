import GraphQLCache

/// One row of the record list: a key with what is cheap to show about it.
public struct RecordRow: Hashable, Sendable {
    public var key: CacheKey
    public var typename: String?
    /// The record's size in bytes of record JSON (what it takes in a SQLite file).
    public var size: Int

    public init(key: CacheKey, typename: String?, size: Int) {
        self.key = key
        self.typename = typename
        self.size = size
    }
}
