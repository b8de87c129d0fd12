import GraphQLCache

/// One row of the record list: a key with what is cheap to show about it.
public struct RecordRow: Hashable, Sendable {
    public var key: CacheKey
    public var typename: String?
    /// The record's size in bytes of record JSON (what it takes in a SQLite file).
    public var size: Int
    /// Why the row's record cannot be read, when it is broken (drawn marked).
    public var brokenError: String?

    public init(key: CacheKey, typename: String?, size: Int, brokenError: String? = nil) {
        self.key = key
        self.typename = typename
        self.size = size
        self.brokenError = brokenError
    }
}
