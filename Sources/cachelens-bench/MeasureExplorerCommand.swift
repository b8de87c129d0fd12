import ArgumentParser
import CacheBench
import CacheLensCLI

/// `cachelens-bench measure-explorer [explore's arguments]`: the explorer opened exactly as
/// `cachelens explore` would open it (file, sample, endpoint, schema, watches), measured headless
/// as the bench measures it (`ExplorerProbe`), printed as one JSON object.
struct MeasureExplorerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure-explorer",
        abstract: "Open what `cachelens explore` would open with these arguments, measure its first frame and keys, print JSON.")

    @OptionGroup var explore: ExploreCommand

    func run() throws {
        do {
            try StandardOutput.write(try ExplorerProbe.run { try explore.openHeadless() }.jsonText + "\n")
        } catch {
            StandardOutput.error("cachelens-bench: \(error)\n")
            throw ExitCode(1)
        }
    }
}
