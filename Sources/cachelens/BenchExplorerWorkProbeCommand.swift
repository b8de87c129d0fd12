import ArgumentParser
import CacheBench
import GraphQLCache

/// `cachelens bench-explorer-work-probe FILE --part watch|actions` (hidden): `ExplorerWorkProbe`
/// on FILE opened as `explore` would (read-only for the watch, writable for `D`), printed as one
/// JSON object. `cachelens bench` runs it in a child process so that its own memory does not
/// count.
struct BenchExplorerWorkProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-explorer-work-probe",
        abstract: "Measure watches, inbound references and delete previews on FILE (for cachelens bench).",
        shouldDisplay: false)

    enum Part: String, ExpressibleByArgument { case watch, actions }

    @Argument(help: "A SQLite cache file holding the Item/User workload.")
    var file: String

    @Option(help: "What to measure: watch or actions.")
    var part: Part

    func run() throws {
        let figures = switch part {
        case .watch: try ExplorerWorkProbe.watch(path: file) {
            try ExplorerFiles.openBackend(path: file, options: .init(readOnly: true))
        }
        case .actions: try ExplorerWorkProbe.actions {
            try ExplorerFiles.openBackend(path: file, options: .init(readOnly: false))
        }
        }
        try StandardOutput.write(JSONValue.object(figures).jsonText + "\n")
    }
}
