/// How big the workloads are: `small` finishes in a few minutes, `full` is the scale
/// the budgets speak of and finishes in under ten.
public enum BenchmarkScale: String, Sendable, CaseIterable {
    case small, full

    /// Items in the normalize/read workload.
    public var responseItems: Int { self == .full ? 10_000 : 2_000 }
    /// Record counts for the SQLite merge figures.
    public var mergeSizes: [Int] { self == .full ? [10_000, 100_000] : [10_000] }
    /// Rows in the table that loads and pattern removal run over.
    public var tableRows: Int { self == .full ? 100_000 : 20_000 }
    /// Watcher counts for dispatch.
    public var watcherCounts: [Int] { self == .full ? [10, 1_000, 100_000] : [10, 1_000, 10_000] }
    /// Records in the explorer's file.
    public var explorerRecords: Int { self == .full ? 1_000_000 : 100_000 }
    /// Measured runs per figure (after one warm-up run).
    public var iterations: Int { self == .full ? 7 : 5 }
}
