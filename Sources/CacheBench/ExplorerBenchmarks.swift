import Foundation
import GraphQLCache
import GraphQLCacheSQLite
import SQLiteBaseline

/// The explorer on a 1,000,000-record SQLite file, headless (budget: first frame under
/// 200 ms and 100 MB resident, a key press under 16 ms). Each run is a fresh child process
/// (`cachelens-bench explorer-probe FILE`), so the first frame is cold and the memory is the
/// explorer's alone, not the bench's; the file is generated once per bench run.
enum ExplorerBenchmarks {
    static let group = BenchmarkGroup(name: "explorer") { context in
        let n = context.scale.explorerRecords
        let path = context.freshFile("explorer-\(n).sqlite")
        defer { context.removeFile(path) }
        context.progress("  writing \(n) records…")
        try writeFile(path, records: n)
        return try figures(path: path, records: n, context: context)
    }

    /// The probe's figures on the file at `path` (`n` records), each in a fresh child process;
    /// `budgets` are the first frame's milliseconds and the peak memory's megabytes.
    static func figures(path: String, records n: Int, context: BenchmarkContext,
                        budgets: (firstFrame: Double, memory: Double) = (200, 100)) throws -> [BenchmarkFigure] {
        context.progress("  measuring in child processes…")
        var probes: [JSONValue] = []
        for _ in 0..<(context.warmup + context.iterations) {
            probes.append(try probe(["explorer-probe", path], executable: context.executablePath))
        }
        let measured = Array(probes.dropFirst(context.warmup))
        func samples(_ member: String, scale: Double) throws -> Samples {
            Samples(try measured.map { probe in
                guard case .double(let value)? = probe[member] else { throw BenchmarkError("the explorer probe printed no \(member): \(probe.jsonText)") }
                return value / scale
            })
        }
        // Each key press, in the order the probe makes them: its words in the figure's name, and
        // the probe's sample.
        let keyPresses: [(what: String, sample: String)] = [
            ("key press G (to the bottom) right after the keys are listed", "keyPressBottomMs"),
            ("middle page of keys right after opening (while they sort)", "middlePageMs"),
            ("key press j (down one)", "keyPressDownMs"),
            ("key press G once the key order is built", "keyPressBottomAgainMs"),
            ("filter key press / (opens the filter prompt)", "filterSlashMs"),
            ("filter typing Item:99, slowest key press", "filterSlowestCharacterMs"),
            ("filter typing Item:99, median key press", "filterMedianCharacterMs"),
            ("filter Backspace (Item:99 to Item:9)", "filterBackspaceMs"),
            ("filter non-ASCII key press (é after Item)", "filterNonASCIIMs"),
            ("filter key press no key matches (x)", "filterNoMatchMs"),
        ]
        var figures = [
            BenchmarkFigure.milliseconds("explorer first frame, \(n) records, cold (child process)",
                                         try samples("firstFrameMs", scale: 1000), budget: budgets.firstFrame),
            // No budget of its own: on a big file the first frame says how far this read got.
            BenchmarkFigure.milliseconds("explorer keys listed after opening, \(n) records, cold (child process)",
                                         try samples("keysListedMs", scale: 1000)),
        ]
        for press in keyPresses {
            figures.append(.milliseconds("explorer \(press.what), \(n) records", try samples(press.sample, scale: 1000), budget: 16))
        }
        figures.append(.megabytes("explorer peak resident memory, \(n) records", try samples("peakResidentMB", scale: 1), budget: budgets.memory))
        return figures
    }

    /// `n` workload items, written in chunks with the raw baseline (the fastest way in); every
    /// `changedEvery`th with another price (a twin to diff against).
    static func writeFile(_ path: String, records n: Int, changedEvery: Int? = nil) throws {
        let raw = try RawSQLiteBaseline(path: path)
        let workload = ItemUserWorkload(itemCount: n)
        let chunk = 50_000
        for start in stride(from: 0, to: n, by: chunk) {
            try raw.insert(ItemUserWorkload.rows((start..<min(start + chunk, n)).lazy.map { i in
                workload.item(i, priceOffset: changedEvery.map { i % $0 == 0 ? 1 : 0 } ?? 0)
            }))
        }
    }

    /// Runs `cachelens-bench ARGUMENTS` (a probe) and returns the JSON object it printed last.
    static func probe(_ arguments: [String], executable: String) throws -> JSONValue {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The probe writes little to stderr (an error message): read after stdout's end.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0, let line = text.split(separator: "\n").last,
              case .object = try? JSONValue.parse(String(line)) else {
            throw BenchmarkError("\(executable) \(arguments.joined(separator: " ")) failed (status \(process.terminationStatus)): \(errorText)\(text)")
        }
        return try JSONValue.parse(String(line))
    }
}
