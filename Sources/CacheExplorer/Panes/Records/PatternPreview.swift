import GraphQLCache

/// What deleting by a pattern would do, shown before it is done.
package struct PatternPreview: Hashable, Sendable {
    package var pattern: String
    package var count: Int
    /// The first matching keys.
    package var sample: [CacheKey]
    /// References from records that stay to records that would go: `Human:1000.friends -> Droid:2001`.
    package var danglingReferences: [String]
    package var danglingCount: Int
    /// Watches that read a record that would go.
    package var affectedWatches: [String]

    package init(pattern: String, count: Int, sample: [CacheKey], danglingReferences: [String], danglingCount: Int,
                affectedWatches: [String]) {
        self.pattern = pattern
        self.count = count
        self.sample = sample
        self.danglingReferences = danglingReferences
        self.danglingCount = danglingCount
        self.affectedWatches = affectedWatches
    }
}
