import ArgumentParser

/// `cachelens dump PATH`: every record of a cache file (SQLite or snapshot) as a snapshot
/// `{KEY: record}`, one record per line, keys sorted; broken rows go to stderr with their key.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print every record of a cache file (.sqlite or .json snapshot) as record JSON ({KEY: record})."
    )

    @Argument(help: "The cache: a SQLite cache file (opened read-only) or a snapshot .json.")
    var path: String

    func run() throws {
        let outcome = try SnapshotExport.write(cachePath: path, command: "dump", to: StandardOutput.write)
        if outcome.broken > 0 {
            StandardOutput.error("cachelens dump: \(outcome.broken) broken row(s) in \(path)\n")
            throw ExitCode(1)
        }
    }
}
