/// One row of a browsing scan (`BrowsableNormalizedCache.forEachRecord`): a record, or a row
/// whose stored JSON cannot be read. A scan reports broken rows instead of stopping at them, so
/// lint, export and the explorer can name every one.
public enum ScannedRow: Sendable {
    case record(Record)
    case broken(BrokenRecord)

    /// The record, or `GraphQLCacheError.brokenRecord` for a broken row.
    public func get() throws(GraphQLCacheError) -> Record {
        switch self {
        case .record(let record): return record
        case .broken(let broken): throw .brokenRecord(broken)
        }
    }
}
