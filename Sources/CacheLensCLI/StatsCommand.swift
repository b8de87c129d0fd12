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

    @Option(help: "Group bytes and records by typename, root (the root field that reaches a record) or field; also lists the argument variants of root fields.")
    var by: SizeCensus.Grouping?

    func validate() throws {
        // A negative prefix crashed on a snapshot, and SQLite's `LIMIT -1` listed every row.
        guard top >= 0 else { throw ValidationError("--top must be 0 or more, not \(top)") }
    }

    func run() throws {
        if let by {
            let (census, broken) = try SizesReport.census(of: path, by: by, top: top)
            return try StandardOutput.write(SizesReport.text(path: path, census: census, broken: broken))
        }
        let file = try CacheFile.open(path, readOnly: true)
        let summary = try file.readingOneSnapshot { try statistics(of: file) }
        let text = TerminalText.escaped   // keys, typenames and errors come from the file
        var lines = [
            "file: \(text(path))",
            "format: \(file.format.displayName)" + (file.readOnlyReason == nil ? "" : " (read-only)"),
            "records: \(summary.records)",
            "record bytes: \(summary.recordBytes)",
            "file bytes: \(summary.fileBytes)",
            "broken rows: \(summary.broken.count)",
            "largest records:",
        ]
        lines += summary.largest.map { "  \($0.bytes)\t\(text($0.key))" }
        lines.append("records by typename:")
        lines += summary.typenames.map { "  \($0.count)\t\(text($0.typename))" }
        if let oldest = file.updated.values.min(), let newest = file.updated.values.max() {
            lines.append("updated: \(oldest.formatted(.iso8601)) to \(newest.formatted(.iso8601))")
            let newestFirst = file.updated.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(top)
            lines += newestFirst.map { "  \($0.value.formatted(.iso8601))\t\(text($0.key.rawValue))" }
        }
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
