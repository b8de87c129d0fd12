import GraphQLCache

extension CacheStore {
    /// The store's cache seen as a `BrowsableNormalizedCache` (every `CacheKind` makes one), so
    /// that store tests can count and list what a commit left in it.
    public var browsing: any BrowsableNormalizedCache {
        get throws {
            guard let browsable = cache as? any BrowsableNormalizedCache else { throw NotBrowsable(cache: cache) }
            return browsable
        }
    }
}

/// A store test asked to browse a cache that cannot be browsed.
public struct NotBrowsable: Error, CustomStringConvertible {
    /// The cache that was asked.
    public let cache: any NormalizedCache

    public var description: String { "\(type(of: cache)) is not a BrowsableNormalizedCache" }
}
