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

    @Option(help: "small (under two minutes) or full (the budgets' scale, under ten).")
    var scale: BenchmarkScale = .full

    @Option(help: "Run only the groups whose name contains this text.")
    var filter: String?

    func run() throws {
        #if DEBUG
        FileHandle.standardError.write(Data("warning: a debug build; measure with `swift run -c release cachelens bench`\n".utf8))
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
            progress: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
        if !json { FileHandle.standardOutput.write(Data((BenchmarkReport.tableHeader + "\n").utf8)) }
        try BenchmarkSuite.run(context: context, filter: filter) { figures in
            let text = json ? BenchmarkReport.jsonLines(figures) : figures.map(BenchmarkReport.tableRow).joined(separator: "\n")
            FileHandle.standardOutput.write(Data((text + "\n").utf8))
        }
    }
}

extension BenchmarkScale: ExpressibleByArgument {}
