import ArgumentParser
import CacheBench
import CacheLensCLI
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `cachelens-bench`: measures every budget beside its floor, in this very run. Its own
/// executable, so that the shipped `cachelens` links no benchmark, floor or test server; the
/// explorer probes are its subcommands, run in child processes of this same program.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cachelens-bench",
        abstract: "Measure speed and memory beside raw floors (build with -c release).",
        discussion: "Groups: \(BenchmarkSuite.groups.map(\.name).joined(separator: ", ")).",
        subcommands: [MeasureExplorerCommand.self, BenchExplorerProbeCommand.self, BenchExplorerWorkProbeCommand.self])

    @Flag(help: "Print one JSON object per figure instead of a table.")
    var json = false

    @Option(help: "small (a few minutes), full (the budgets' scale, under ten) or huge (only the 10,000,000-record group, under fifteen; not in CI).")
    var scale: BenchmarkScale = .full

    @Option(help: "Run only the groups whose name contains this text.")
    var filter: String?

    func run() throws {
        // A reader that went away makes a write fail with a message instead of killing the run.
        signal(SIGPIPE, SIG_IGN)
        #if DEBUG
        StandardOutput.error("warning: a debug build; measure with `swift run -c release cachelens-bench`\n")
        #endif
        guard !BenchmarkSuite.selected(by: filter).isEmpty else {
            throw ValidationError("--filter \(filter ?? ""): no benchmark group matches (groups: \(BenchmarkSuite.groups.map(\.name).joined(separator: ", ")))")
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("cachelens-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var context = BenchmarkContext(
            scale: scale, scratchDirectory: scratch.path,
            executablePath: CommandLine.arguments[0],
            progress: { StandardOutput.error($0 + "\n") })
        context.openExplorerBackend = { path in
            try ExplorerFiles.openBackend(path: path, options: .init(readOnly: false, waitsForWatches: false))
        }
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
