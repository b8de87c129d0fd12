import ArgumentParser
import CacheBench
import CacheLensCLI
import GraphQLCache

/// `cachelens-bench explorer-work-probe FILE --part watch|actions|find|console` (hidden):
/// `ExplorerWorkProbe`, `ExplorerFindProbe` and `ExplorerConsoleProbe` on FILE opened as
/// `explore` would (read-only for the watch, `:find` and the console, writable for `D`),
/// printed as one JSON object. `cachelens-bench` runs it in a child process so that its own
/// memory does not count.
struct BenchExplorerWorkProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explorer-work-probe",
        abstract: "Measure watches, inbound references and delete previews on FILE (for cachelens-bench).",
        shouldDisplay: false)

    enum Part: String, ExpressibleByArgument { case watch, actions, find, console }

    @Argument(help: "A SQLite cache file holding the Item/User workload.")
    var file: String

    @Option(help: "What to measure: watch, actions, find or console.")
    var part: Part

    @Option(help: "How many items FILE holds (for --part find: the text searched is the last one's name).")
    var records: Int = 0

    func run() throws {
        let figures = switch part {
        // As `cachelens explore` opens it: adding a watch does not wait for its first result.
        case .watch: try ExplorerWorkProbe.watch(path: file) {
            try ExplorerFiles.openBackend(path: file, options: .init(readOnly: true, waitsForWatches: false))
        }
        case .actions: try ExplorerWorkProbe.actions {
            try ExplorerFiles.openBackend(path: file, options: .init(readOnly: false))
        }
        case .find: try ExplorerFindProbe.find(records: records) {
            try ExplorerFiles.openBackend(path: file, options: .init(readOnly: true, waitsForWatches: false))
        }
        case .console: try ExplorerConsoleProbe.console(path: file) {
            try ExplorerFiles.openBackend(path: file, options: .init(readOnly: true, waitsForWatches: false))
        }
        }
        try StandardOutput.write(JSONValue.object(figures).jsonText + "\n")
    }
}
