import ArgumentParser
import Foundation
import GraphQLCache

/// `cachelens stats PATH`: records, bytes, largest records and counts by typename of a cache
/// file (SQLite or snapshot), so you can see what fills an app's cache.
struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Summarise a cache file (.sqlite or .json snapshot): records, bytes, largest records, counts by typename."
    )

    @Argument(help: "The cache: a SQLite cache file (opened read-only) or a snapshot .json.")
    var path: String

    @Option(help: "How many of the largest records to list.")
    var top: Int = 10

    func run() throws {
        let summary = try statistics(of: try CacheFile.open(path, readOnly: true))
        let text = TerminalText.escaped   // keys, typenames and errors come from the file
        var lines = [
            "file: \(text(path))",
            "records: \(summary.records)",
            "record bytes: \(summary.recordBytes)",
            "file bytes: \(summary.fileBytes)",
            "broken rows: \(summary.broken.count)",
            "largest records:",
        ]
        lines += summary.largest.map { "  \($0.bytes)\t\(text($0.key))" }
        lines.append("records by typename:")
        lines += summary.typenames.map { "  \($0.count)\t\(text($0.typename))" }
        lines += summary.broken.map { "broken: \(text($0.description))" }
        try StandardOutput.write(lines.joined(separator: "\n") + "\n")
    }

    /// SQL figures for a SQLite file; for a snapshot, one pass in memory and the file's size.
    private func statistics(of file: CacheFile) throws -> CacheStatistics {
        if let sqlite = file.sqlite { return try sqlite.statistics(largest: top) }
        var statistics = try CacheStatistics.of(file.cache, largest: top)
        statistics.fileBytes = ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? Int) ?? 0
        return statistics
    }
}
