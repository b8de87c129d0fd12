import ArgumentParser
import GraphQLCache

extension SizeCensus.Grouping: ExpressibleByArgument {}

/// `cachelens stats --by typename|root|field`: bytes and records per group, the largest records,
/// and the argument variants each root field has stored, from one pass over the file.
enum SizesReport {
    /// The census of the cache at `path`; broken rows are counted apart.
    static func census(of path: String, by grouping: SizeCensus.Grouping, top: Int) throws -> (SizeCensus, [BrokenRecord]) {
        var rows = try KeyOrderedSource.open(path)
        var census = SizeCensus(grouping: grouping, largest: top)
        var broken: [BrokenRecord] = []
        while let row = try rows.next() {
            do throws(GraphQLCacheError) {
                census.add(Record(key: row.key, try row.fields()), jsonBytes: row.jsonBytes.count)
            } catch {
                broken.append(error.brokenRecord ?? BrokenRecord(key: row.key, reason: error.description))
            }
        }
        return (census, broken)
    }

    /// The report's text.
    static func text(path: String, census: SizeCensus, broken: [BrokenRecord]) -> String {
        let escape = TerminalText.escaped
        var lines = ["file: \(escape(path))", "records: \(census.records)", "record bytes: \(census.bytes)",
                     "by \(census.grouping.rawValue) (bytes, records, group):"]
        lines += census.groups.map { "  \($0.bytes)\t\($0.records)\t\(escape($0.name))" }
        lines.append("largest records (bytes, key):")
        lines += census.largest.map { "  \($0.bytes)\t\(escape($0.key.rawValue))" }
        lines.append("argument variants stored per root field:")
        lines += census.variants.map { "  \(escape($0.pattern)): \($0.count)" }
        lines += broken.map { "broken: \(escape($0.description))" }
        return lines.joined(separator: "\n") + "\n"
    }
}
