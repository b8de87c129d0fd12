/// One row of a browsing scan (`BrowsableNormalizedCache.forEachRecord`): a record, or a row
/// whose stored JSON cannot be read. A scan reports broken rows instead of stopping at them, so
/// lint, export and the explorer can name every one.
public enum ScannedRow: Sendable {
    case record(Record)
    case broken(BrokenRecord)
}
