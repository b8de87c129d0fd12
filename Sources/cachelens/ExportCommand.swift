import ArgumentParser
import Foundation

/// `cachelens export CACHE.sqlite [OUT.json]`: a snapshot `{KEY: record}` of every record of a
/// SQLite cache file, keys sorted, to a file (or standard output), for `import`, `query`,
/// `explore --snapshot` or a diff. Broken rows are reported by key and make the exit status 1.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every record of a SQLite cache file to a snapshot JSON file ({KEY: record})."
    )

    @Argument(help: "The SQLite cache file (opened read-only).")
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
            outcome = try FileAccess.writeAtomically(to: output) { sink in
                try SnapshotExport.write(cachePath: cache, command: "export", to: sink)
            }
            print("wrote \(outcome.records) record(s) from \(cache) to \(output)")
        } else {
            outcome = try SnapshotExport.write(cachePath: cache, command: "export", to: StandardStreams.output)
        }
        if outcome.broken > 0 {
            StandardStreams.error("cachelens export: \(outcome.broken) broken row(s) in \(cache) not exported\n")
            throw ExitCode(1)
        }
    }
}
