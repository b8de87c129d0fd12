import ArgumentParser
import GraphQLCache
import GraphQLCacheSQLite

/// `cachelens import SNAPSHOT.json CACHE.sqlite [--replace]`: writes a snapshot into a SQLite
/// cache file (created if missing) in one transaction, merged with Apollo's rules or replacing
/// everything. The snapshot is read whole first, so a bad one writes nothing.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a snapshot JSON file ({KEY: record}) into a SQLite cache file, in one transaction."
    )

    @Argument(help: "The snapshot file ({KEY: record JSON}, as export writes it).")
    var snapshot: String

    @Argument(help: "The SQLite cache file to write (created if missing).")
    var cache: String

    @Flag(help: "Remove every record first, so the cache holds exactly the snapshot (default: merge).")
    var replace = false

    func run() throws {
        let records = try Snapshot.decode(try FileAccess.read(snapshot, role: "snapshot"), source: snapshot)
        let target = try SQLiteNormalizedCache(path: cache)
        let summary = try target.importSnapshot(records, replacing: replace)
        var lines = ["imported \(snapshot) into \(cache)" + (replace ? " (replacing its records)" : "")]
        if replace { lines.append("removed records: \(summary.removedRecords)") }
        lines += [
            "records: \(summary.records)",
            "changed records: \(summary.changedRecords)",
            "changed fields: \(summary.changedFields)",
        ]
        print(lines.joined(separator: "\n"))
    }
}
