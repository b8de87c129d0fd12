import ArgumentParser
import GraphQLCacheSQLite

/// `cachelens stats PATH`: records, bytes, largest records and counts by typename of a SQLite
/// cache file, so you can see what fills an app's cache.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Summarise a SQLite cache file: records, bytes, largest records, counts by typename."
    )

    @Argument(help: "The SQLite cache file (opened read-only).")
    var path: String

    @Option(help: "How many of the largest records to list.")
    var top: Int = 10

    func run() throws {
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        let stats = try cache.statistics(largest: top)
        var lines = [
            "file: \(path)",
            "records: \(stats.records)",
            "record bytes: \(stats.recordBytes)",
            "file bytes: \(stats.fileBytes)",
            "broken rows: \(stats.broken.count)",
            "largest records:",
        ]
        lines += stats.largest.map { "  \($0.bytes)\t\($0.key)" }
        lines.append("records by typename:")
        lines += stats.typenames.map { "  \($0.count)\t\($0.typename)" }
        lines += stats.broken.map { "broken: \($0.description)" }
        print(lines.joined(separator: "\n"))
    }
}
