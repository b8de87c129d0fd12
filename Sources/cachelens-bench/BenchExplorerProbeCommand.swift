import ArgumentParser
import CacheBench
import CacheLensCLI

/// `cachelens-bench explorer-probe FILE` (hidden): `ExplorerProbe` on FILE opened read-only as
/// `explore` would, checked to have drawn the bench file's items, printed as one JSON object.
/// `cachelens-bench` runs it in a child process so that its own memory does not count.
struct BenchExplorerProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explorer-probe",
        abstract: "Measure the explorer's first frame and key presses on FILE (for cachelens-bench).",
        shouldDisplay: false)

    @Argument(help: "A SQLite cache file.")
    var file: String

    func run() throws {
        let probe = try ExplorerProbe.run { try ExplorerFiles.openBackend(path: file, options: .init(readOnly: true)) }
        try probe.checkDrewItems(file: file)
        try StandardOutput.write(probe.jsonText + "\n")
    }
}
