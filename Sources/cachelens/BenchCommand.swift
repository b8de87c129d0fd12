import ArgumentParser
import CacheBench
import Foundation

/// `cachelens bench`: measures every budget of DESIGN.md beside its floor, in this very run.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure speed and memory beside raw floors (build with -c release).",
        discussion: "Groups: \(BenchmarkSuite.groups.map(\.name).joined(separator: ", ")).")

    @Flag(help: "Print one JSON object per figure instead of a table.")
    var json = false

    @Option(help: "small (a few minutes) or full (the budgets' scale, under ten).")
    var scale: BenchmarkScale = .full

    @Option(help: "Run only the groups whose name contains this text.")
    var filter: String?

    func run() throws {
        #if DEBUG
        StandardOutput.error("warning: a debug build; measure with `swift run -c release cachelens bench`\n")
        #endif
        guard !BenchmarkSuite.selected(by: filter).isEmpty else {
            throw ValidationError("--filter \(filter ?? ""): no benchmark group matches (groups: \(BenchmarkSuite.groups.map(\.name).joined(separator: ", ")))")
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("cachelens-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let context = BenchmarkContext(
            scale: scale, scratchDirectory: scratch.path,
            executablePath: CommandLine.arguments[0],
            progress: { StandardOutput.error($0 + "\n") })
        if !json { try StandardOutput.write(BenchmarkReport.tableHeader + "\n") }
        var failedWrite: CommandError?
        try BenchmarkSuite.run(context: context, filter: filter) { figures in
            let text = json ? BenchmarkReport.jsonLines(figures) : figures.map(BenchmarkReport.tableRow).joined(separator: "\n")
            do throws(CommandError) { try StandardOutput.write(text + "\n") } catch { failedWrite = failedWrite ?? error }
        }
        if let failedWrite { throw failedWrite }
    }
}

extension BenchmarkScale: ExpressibleByArgument {}
