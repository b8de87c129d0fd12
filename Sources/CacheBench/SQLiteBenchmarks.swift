/// The `sqlite` group: merges, re-merges, loads, removal, and the workload query through SQLite.
enum SQLiteBenchmarks {
    static let group = BenchmarkGroup(name: "sqlite") { context in
        var figures: [BenchmarkFigure] = []
        for n in context.scale.mergeSizes {
            context.progress("  merge \(n)…")
            for variant in SQLiteMergeBenchmarks.Variant.all {
                figures.append(try SQLiteMergeBenchmarks.mergeNew(n, variant, context: context))
                figures.append(try SQLiteMergeBenchmarks.remergeTenPercent(n, variant, context: context))
            }
        }
        context.progress("  loads and removal over \(context.scale.tableRows) rows…")
        figures += try SQLiteTableBenchmarks.loads(context: context)
        figures += try SQLiteTableBenchmarks.removal(context: context)
        context.progress("  workload query through SQLite…")
        figures += try SQLiteReadBenchmarks.figures(context: context)
        return figures
    }
}
