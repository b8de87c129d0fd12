import GraphQLCache

/// What deleting by a pattern would do, shown before it is done.
public struct PatternPreview: Hashable, Sendable {
    public var pattern: String
    public var count: Int
    /// The first matching keys.
    public var sample: [CacheKey]
    /// References from records that stay to records that would go: `Human:1000.friends -> Droid:2001`.
    public var danglingReferences: [String]
    public var danglingCount: Int
    /// Watches that read a record that would go.
    public var affectedWatches: [String]

    public init(pattern: String, count: Int, sample: [CacheKey], danglingReferences: [String], danglingCount: Int,
                affectedWatches: [String]) {
        self.pattern = pattern
        self.count = count
        self.sample = sample
        self.danglingReferences = danglingReferences
        self.danglingCount = danglingCount
        self.affectedWatches = affectedWatches
    }
}
