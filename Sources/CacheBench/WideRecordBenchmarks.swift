import CacheExplorer
import GraphQLCache
import GraphQLCacheSQLite

/// The explorer's record pane on one very wide record (issue 15: 30–40 s to preview 100,000
/// fields): the key press that moves the list selection onto it (the record loaded, its rows
/// built in natural order, the frame drawn) beside loading and decoding that one record from the
/// file (budget 3x), and a key press inside it (`j`), which touches only what is on screen
/// (budget 16 ms).
enum WideRecordBenchmarks {
    static let group = BenchmarkGroup(name: "record-pane") { context in
        let fields = context.scale.tableRows
        let path = context.freshFile("wide-\(fields).sqlite")
        defer { context.removeFile(path) }
        let wide = CacheKey("Wide:1")
        var values: [String: CacheValue] = ["__typename": .string("Wide")]
        for index in 0..<fields { values["field\(index)"] = .int(index) }
        let writer = try SQLiteNormalizedCache(path: path)
        try writer.merge(records: RecordSet(records: [Record(key: "A:1", ["x": .int(1)]), Record(key: wide, values)]))
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        let size = Size(width: 120, height: 40)
        var inside: [Double] = []
        var selected: Explorer?
        let compared = try Samples.compare(
            warmup: context.warmup, iterations: context.iterations,
            setUpSubject: { _ -> Explorer in
                var explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "wide"), size: size)
                _ = explorer.render()
                return explorer
            },
            subject: { start in
                var explorer = start
                explorer.press([.character("j")])
                _ = explorer.render()
                selected = explorer
            },
            setUpFloor: { _ in
                // Unmeasured here: check what was selected, focus the record pane, time one `j` in it.
                guard var explorer = selected, explorer.state.record?.key == wide,
                      explorer.state.record?.rows.count == fields + 1 else {
                    throw BenchmarkError("the record pane shows \(selected?.state.record?.rows.count ?? 0) rows of "
                        + (selected?.state.record?.key.rawValue ?? "nothing"))
                }
                explorer.press([.tab])
                guard explorer.state.focus == .record else { throw BenchmarkError("Tab did not focus the record pane") }
                inside.append(ContinuousClock().measure {
                    explorer.press([.character("j")])
                    _ = explorer.render()
                }.secondsValue)
            },
            floor: { _ in _ = try cache.loadRecords(forKeys: [wide]) })
        return [
            .milliseconds("explorer record pane, select a \(fields)-field record (floor: load and decode it)", compared, budget: 3),
            .milliseconds("explorer record pane, key press j inside a \(fields)-field record",
                          Samples(Array(inside.suffix(context.iterations))), budget: 16),
        ]
    }
}
