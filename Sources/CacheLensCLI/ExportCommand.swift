import ArgumentParser
import Foundation

/// `cachelens export CACHE [OUT.json]`: a snapshot `{KEY: record}` of every record of a
/// cache file (SQLite or snapshot), keys sorted, to a file (or standard output), for `import`, `query`,
/// `explore --snapshot` or a diff. Broken rows are reported by key and make the exit status 1.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every record of a cache file (.sqlite or .json) to a snapshot JSON file ({KEY: record})."
    )

    @Argument(help: "The cache: a SQLite cache file (opened read-only) or a snapshot .json.")
    var cache: String

    @Argument(help: "The snapshot file to write (replaced whole when complete); standard output when omitted.")
    var output: String?

    func validate() throws {
        guard let output else { return }
        let resolve = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        if resolve(output) == resolve(cache) {
            throw ValidationError("the snapshot would replace the cache file \(cache): give another output file")
        }
    }

    func run() throws {
        let outcome: SnapshotExport.Outcome
        if let output {
            outcome = try OutputFile.writeAtomically(to: output) { sink in
                try SnapshotExport.write(cachePath: cache, command: "export", to: sink)
            }
            try StandardOutput.print("wrote \(outcome.records) record(s) from \(cache) to \(output)")
        } else {
            outcome = try SnapshotExport.write(cachePath: cache, command: "export", to: StandardOutput.write)
        }
        if outcome.broken > 0 {
            StandardOutput.error("cachelens export: \(outcome.broken) broken row(s) in \(cache) not exported\n")
            throw ExitCode(1)
        }
    }
}
