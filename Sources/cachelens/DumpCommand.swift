import ArgumentParser

/// `cachelens dump PATH`: every record of a SQLite cache file as a snapshot `{KEY: record}`,
/// one record per line, keys sorted; broken rows go to stderr with their key.
struct DumpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dump",
        abstract: "Print every record of a SQLite cache file as record JSON ({KEY: record})."
    )

    @Argument(help: "The SQLite cache file (opened read-only).")
    var path: String

    func run() throws {
        let outcome = try SnapshotExport.write(cachePath: path, command: "dump", to: StandardStreams.output)
        if outcome.broken > 0 {
            StandardStreams.error("cachelens dump: \(outcome.broken) broken row(s) in \(path)\n")
            throw ExitCode(1)
        }
    }
}
