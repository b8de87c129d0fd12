import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline

/// The explorer's work on a file holding the 100,000-item workload (`QUERY_ROOT.items`, the
/// items, 100 users each owning 1,000 of them), at both scales, each run a fresh child process
/// (`cachelens-bench explorer-work-probe`): a watch over every item (its first result beside
/// `read query from SQLite` of the same query measured in the same process, the slowest key
/// press while it reads, and the peak resident memory after it), the same query in the query
/// console (first report beside the same floor, the slowest key press meanwhile), `r` on a user with 1,000
/// inbound references, and the `D item:1` preview of 11,111 records. Budgets (second
/// round): 1.3x, 16 ms, 120 MB, 50 ms, 150 ms. Then `:find` over the explorer file's records
/// (1,000,000 at full scale): the time until the search has read every row, and the slowest
/// key press meanwhile (16 ms).
enum ExplorerWorkBenchmarks {
    static let items = 100_000

    static let group = BenchmarkGroup(name: "explorer-work") { context in
        let path = context.freshFile("explorer-work-\(items).sqlite")
        defer { context.removeFile(path) }
        context.progress("  writing the \(items)-item workload…")
        try writeFile(path, items: items)
        context.progress("  measuring in child processes…")
        let watch = try probes(path, part: "watch", context: context)
        let console = try probes(path, part: "console", context: context)
        let actions = try probes(path, part: "actions", context: context)
        for run in actions {
            guard run["inboundCount"] == .int(1_000), run["deletePreviewCount"] == .int(11_111) else {
                throw BenchmarkError("the explorer showed other counts than 1000 inbound and 11111 to delete: \(run.jsonText)")
            }
        }
        let find = try findFigures(context)
        let firstResult = Samples(try values("watchFirstResultMs", in: watch).map { $0 / 1000 })
        let floor = Samples(try values("readQueryFromSQLiteMs", in: watch).map { $0 / 1000 })
        return [
            .milliseconds("explorer watch over \(items) items, first result (floor: read query from SQLite)",
                          firstResult, floor: floor, budget: 1.3),
            .milliseconds("explorer key press while a watch reads, slowest, \(items) items",
                          Samples(try values("watchSlowestKeyPressMs", in: watch).map { $0 / 1000 }), budget: 16),
            .megabytes("explorer peak resident memory after a \(items)-item watch",
                       Samples(try values("peakResidentMB", in: watch)), budget: 120),
            .milliseconds("explorer console query over \(items) items, first result (floor: read query from SQLite)",
                          Samples(try values("consoleFirstResultMs", in: console).map { $0 / 1000 }),
                          floor: Samples(try values("readQueryFromSQLiteMs", in: console).map { $0 / 1000 }), budget: 1.3),
            .milliseconds("explorer key press while a console query reads, slowest, \(items) items",
                          Samples(try values("consoleSlowestKeyPressMs", in: console).map { $0 / 1000 }), budget: 16),
            .milliseconds("explorer inbound references, 1000 referrers among \(items) items",
                          Samples(try values("inboundMs", in: actions).map { $0 / 1000 }), budget: 50),
            .milliseconds("explorer delete-by-pattern preview, 11111 of \(items) items",
                          Samples(try values("deletePreviewMs", in: actions).map { $0 / 1000 }), budget: 150),
        ] + find
    }

    /// `:find` over `explorerRecords` items, each run a fresh child process.
    private static func findFigures(_ context: BenchmarkContext) throws -> [BenchmarkFigure] {
        let n = context.scale.explorerRecords
        let path = context.freshFile("explorer-find-\(n).sqlite")
        defer { context.removeFile(path) }
        context.progress("  writing \(n) records for :find…")
        try ExplorerBenchmarks.writeFile(path, records: n)
        let runs = try probes(path, part: "find", context: context, extra: ["--records", String(n)])
        for run in runs where run["findMatches"] != .int(1) {
            throw BenchmarkError(":find \(ExplorerFindProbe.text(records: n)) found other than 1 match: \(run.jsonText)")
        }
        return [
            .milliseconds("explorer :find over \(n) records, until every row is searched",
                          Samples(try values("findMs", in: runs).map { $0 / 1000 })),
            .milliseconds("explorer key press while :find runs, slowest, \(n) records",
                          Samples(try values("findSlowestKeyPressMs", in: runs).map { $0 / 1000 }), budget: 16),
        ]
    }

    /// The workload's records (`ItemUserWorkload.records()`) written with the raw baseline.
    static func writeFile(_ path: String, items: Int) throws {
        let raw = try RawSQLiteBaseline(path: path)
        try raw.insert(ItemUserWorkload.rows(ItemUserWorkload(itemCount: items).records().records))
    }

    /// The measured runs of one part (after the warm-up runs).
    private static func probes(_ path: String, part: String, context: BenchmarkContext, extra: [String] = []) throws -> [JSONValue] {
        var runs: [JSONValue] = []
        for _ in 0..<(context.warmup + context.iterations) {
            runs.append(try ExplorerBenchmarks.probe(["explorer-work-probe", path, "--part", part] + extra,
                                                     executable: context.executablePath))
        }
        return Array(runs.dropFirst(context.warmup))
    }

    private static func values(_ member: String, in runs: [JSONValue]) throws -> [Double] {
        try runs.map { run in
            guard case .double(let value)? = run[member] else {
                throw BenchmarkError("the explorer work probe printed no \(member): \(run.jsonText)")
            }
            return value
        }
    }
}
