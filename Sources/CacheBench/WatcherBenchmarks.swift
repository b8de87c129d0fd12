import GraphQLCache

/// Watcher dispatch for one changed field with 10, 1,000 and 100,000 watchers (budget: flat,
/// since the store's inverted change index finds the one concerned watcher without visiting the
/// others). Each figure is the time per change (a merge of one field, the change index lookup,
/// the watcher's re-read and delivery); the larger counts are printed beside the 10-watcher
/// figure as their floor, so the ratio says how flat it is. "Flat" is taken as within 2x.
enum WatcherBenchmarks {
    /// Changes per measured run: one change takes microseconds, too little to time alone.
    static let changesPerRun = 2_000

    static let group = BenchmarkGroup(name: "watchers") { context in
        var figures: [BenchmarkFigure] = []
        var baseline: Samples?
        for count in context.scale.watcherCounts {
            context.progress("  \(count) watchers…")
            let samples = try perChange(watchers: count, context: context)
            let name = "watcher dispatch, one changed field, \(count) watchers (per change)"
            if let baseline {
                figures.append(.microseconds(name + " (floor: 10 watchers)", samples, floor: baseline, budget: 2))
            } else {
                figures.append(.microseconds(name, samples))
                baseline = samples
            }
        }
        return figures
    }

    /// The time of one change, from runs of `changesPerRun` changes.
    private static func perChange(watchers count: Int, context: BenchmarkContext) throws -> Samples {
        let bench = try WatcherDispatchBenchmark(watcherCount: count)
        defer { bench.cancel() }
        var delivered = 0
        let runs = try Samples.measure(warmup: context.warmup, iterations: context.iterations) {
            for _ in 0..<changesPerRun { delivered = try bench.changeOneField() }
        }
        let changes = changesPerRun * (context.warmup + context.iterations)
        if delivered != changes {
            throw BenchmarkError("\(changes) changes with \(count) watchers made \(delivered) deliveries, not one each")
        }
        return Samples(runs.seconds.map { $0 / Double(changesPerRun) })
    }
}
