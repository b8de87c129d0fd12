import GraphQLCache

/// A dangerous action waiting for `y`: every one goes through the same dialog keys (`y` does it,
/// any other key keeps things as they are), so no action is confirmed its own way.
package enum Confirmation: Hashable, Sendable {
    /// `d`: delete this record.
    case delete(CacheKey)
    /// `D`: delete every record whose key contains the pattern, as previewed.
    case deletePattern(PatternPreview)
    /// `:gc`: delete these records no root reaches.
    case garbage([CacheKey])
    /// Quit although this many changes live only in memory (sample, snapshot) and would be lost.
    case quit(unsavedChanges: Int)
    /// `:open FILE` although this many changes live only in memory and would be lost.
    case open(path: String, unsavedChanges: Int)
    /// From the write log: undo the `laterEntries` entries after the one at `position`.
    case goBack(position: Int, laterEntries: Int)
}
