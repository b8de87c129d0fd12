/// A query run against the cache alone, as the query console shows it.
public struct QueryReport: Hashable, Sendable {
    /// One line of the result tree.
    public struct Line: Hashable, Sendable {
        public enum Status: Hashable, Sendable { case hit, miss, plain }
        public var depth: Int
        public var text: String
        public var status: Status

        public init(depth: Int, text: String, status: Status) {
            self.depth = depth
            self.text = text
            self.status = status
        }
    }

    /// The field tree, each field marked hit or miss, misses with their reasons.
    public var lines: [Line]
    /// How many misses there were.
    public var missCount: Int
    /// What each cache policy would do, one sentence each.
    public var policyVerdicts: [String]

    public init(lines: [Line], missCount: Int, policyVerdicts: [String]) {
        self.lines = lines
        self.missCount = missCount
        self.policyVerdicts = policyVerdicts
    }
}
