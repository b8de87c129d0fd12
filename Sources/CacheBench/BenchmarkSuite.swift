/// Every benchmark group, in the order they run.
public enum BenchmarkSuite {
    public static let groups: [BenchmarkGroup] = [
        RecordJSONBenchmarks.group,
        NormalizeReadBenchmarks.group,
        SQLiteBenchmarks.group,
        WatcherBenchmarks.group,
        IncrementalWatchBenchmarks.group,
        HTTPFetchBenchmarks.group,
        ExplorerBenchmarks.group,
        ExplorerWorkBenchmarks.group,
        LongWorkBenchmarks.group,
        ScanBenchmarks.group,
        WideRecordBenchmarks.group,
        HistoryBenchmarks.group,
        HugeBenchmarks.group,
    ]

    /// The names of the groups `filter` selects: those whose name contains it (all when nil).
    public static func selected(by filter: String?) -> [BenchmarkGroup] {
        guard let needle = filter?.lowercased(), !needle.isEmpty else { return groups }
        return groups.filter { $0.name.lowercased().contains(needle) }
    }

    /// Runs the selected groups, calling `emit` as each finishes so output streams.
    public static func run(context: BenchmarkContext, filter: String?,
                           emit: ([BenchmarkFigure]) -> Void) throws {
        // `huge` is its own run: the other groups' workloads do not grow with it.
        for group in selected(by: filter) where (group.name == HugeBenchmarks.group.name) == (context.scale == .huge) {
            context.progress("running \(group.name)…")
            emit(try group.run(context))
        }
    }
}
