/// How big the workloads are: `small` finishes in a few minutes, `full` is the scale
/// the budgets speak of and finishes in under ten, `huge` runs only the `huge` group (a
/// 10,000,000-record file, one run per figure, under fifteen minutes; not in CI).
public enum BenchmarkScale: String, Sendable, CaseIterable {
    case small, full, huge

    /// Items in the normalize/read workload.
    public var responseItems: Int { self == .small ? 2_000 : 10_000 }
    /// Record counts for the SQLite merge figures.
    public var mergeSizes: [Int] { self == .small ? [10_000] : [10_000, 100_000] }
    /// Rows in the table that loads and pattern removal run over.
    public var tableRows: Int { self == .small ? 20_000 : 100_000 }
    /// Watcher counts for dispatch.
    public var watcherCounts: [Int] { self == .small ? [10, 1_000, 10_000] : [10, 1_000, 100_000] }
    /// Records in the explorer's file.
    public var explorerRecords: Int { self == .huge ? 10_000_000 : self == .full ? 1_000_000 : 100_000 }
    /// Measured runs per figure.
    public var iterations: Int { self == .huge ? 1 : self == .full ? 7 : 5 }
    /// Runs before the measured ones: none at `huge`, where one run takes minutes and the file
    /// was just written.
    public var warmup: Int { self == .huge ? 0 : 1 }
}
