import GraphQLCache

/// One watched query as the watches pane shows it: its live result and how it got there.
public struct WatchSnapshot: Hashable, Sendable {
    /// The watch's name (`w1`, or as given).
    public var name: String
    /// The document's first line, to tell watches apart.
    public var summary: String
    /// Where the last result came from: `cache` or `server`.
    public var source: String
    /// How many results it has delivered.
    public var updateCount: Int
    /// The field keys whose change caused the last delivery.
    public var lastChangedKeys: [String]
    /// The result as indented JSON lines, or the error.
    public var resultLines: [String]
    /// The records the result depends on, for delete impact.
    public var dependentRecords: Set<CacheKey>

    public init(name: String, summary: String, source: String, updateCount: Int, lastChangedKeys: [String],
                resultLines: [String], dependentRecords: Set<CacheKey>) {
        self.name = name
        self.summary = summary
        self.source = source
        self.updateCount = updateCount
        self.lastChangedKeys = lastChangedKeys
        self.resultLines = resultLines
        self.dependentRecords = dependentRecords
    }
}
