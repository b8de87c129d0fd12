import GraphQLCache

/// One row of the record list: a key with what is cheap to show about it.
package struct RecordRow: Hashable, Sendable {
    package var key: CacheKey
    package var typename: String?
    /// The record's size in bytes of record JSON (what it takes in a SQLite file).
    package var size: Int
    /// Why the row's record cannot be read, when it is broken (drawn marked).
    package var brokenError: String?

    package init(key: CacheKey, typename: String?, size: Int, brokenError: String? = nil) {
        self.key = key
        self.typename = typename
        self.size = size
        self.brokenError = brokenError
    }
}
