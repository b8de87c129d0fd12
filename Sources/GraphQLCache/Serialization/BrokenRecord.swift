/// A record whose stored JSON cannot be read: its key and what is wrong. The payload of
/// `GraphQLCacheError.brokenRecord`, and what a browsing scan reports for such a row
/// (`ScannedRow.broken`) so that one bad row never hides the others.
public struct BrokenRecord: Equatable, Sendable, CustomStringConvertible {
    public let key: CacheKey
    public let reason: String

    public init(key: CacheKey, reason: String) {
        self.key = key
        self.reason = reason
    }

    public var description: String { "record \"\(key.rawValue)\": \(reason)" }
}
