import ArgumentParser
import GraphQLCache

/// `cachelens import SNAPSHOT.json CACHE.sqlite [--replace]`: writes a snapshot (or another
/// cache file's records) into a SQLite cache file (created if missing) in one transaction, merged with Apollo's rules or replacing
/// everything. The snapshot is read whole first, so a bad one writes nothing.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a snapshot JSON file ({KEY: record}) into a SQLite cache file, in one transaction."
    )

    @Argument(help: "The records to import: a snapshot file ({KEY: record JSON}, as export writes it) or another SQLite cache file.")
    var snapshot: String

    @Argument(help: "The SQLite cache file to write (created if missing).")
    var cache: String

    @Flag(help: "Also make a new cache of a 0-byte CACHE file (refused otherwise; a missing file is always created).")
    var create = false

    @Flag(help: "Remove every record first, so the cache holds exactly the snapshot (default: merge).")
    var replace = false

    func validate() throws {
        if CacheFile.isSnapshotPath(cache) {
            throw ValidationError("\(cache): import writes a SQLite cache file; to write a snapshot use `cachelens export`")
        }
    }

    func run() throws {
        let records = try readRecords()
        guard let target = try CacheFile.open(cache, readOnly: false, create: create ? .allowed : .whenMissing).sqlite else {
            throw CommandError.invalidOption(name: "CACHE", value: cache, reason: "not a SQLite cache file")
        }
        let summary = try target.importSnapshot(records, replacing: replace)
        var lines = ["imported \(snapshot) into \(cache)" + (replace ? " (replacing its records)" : "")]
        if replace { lines.append("removed records: \(summary.removedRecords)") }
        lines += [
            "records: \(summary.records)",
            "changed records: \(summary.changedRecords)",
            "changed fields: \(summary.changedFields)",
        ]
        try StandardOutput.write(lines.joined(separator: "\n") + "\n")
    }

    /// Every record of the source; a row that cannot be read stops the import before anything
    /// is written (nothing is silently left out).
    private func readRecords() throws -> RecordSet {
        var records = RecordSet()
        try CacheFile.open(snapshot, readOnly: true).cache.forEachRecord { result in
            switch result {
            case .record(let record): records.merge(record: record)
            case .broken(let error): throw CommandError.cache(path: snapshot, message: "\(snapshot): \(error.description); nothing imported")
            }
        }
        return records
    }
}
