import ArgumentParser
import GraphQLCache

/// `cachelens diff A B`: what changed from one cache file to another (SQLite or snapshot, in
/// any mix), record by record with each field's before and after, references that now point
/// elsewhere, and counts by typename. Exits like `diff`: 0 when equal, 1 when they differ, 2 on
/// trouble. Both files are read once, side by side in key order, so time grows linearly with
/// the records and memory stays at a page of each.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two cache files (.sqlite or .json): records added, removed and changed, field by field.",
        discussion: """
            Exit status: 0 when the caches hold the same records, 1 when they differ, 2 on trouble \
            (a file that cannot be read). Rows that cannot be read are named on standard error and \
            left out of the comparison.
            """)

    @Argument(help: "The cache before: a SQLite cache file (opened read-only) or a snapshot .json.")
    var before: String

    @Argument(help: "The cache after.")
    var after: String

    @Flag(help: "Print the differences as one JSON object.")
    var json = false

    @Option(help: "Compare only records whose key contains PATTERN (literal, case-insensitive).")
    var keys: String?

    @Flag(help: "Print the growth per typename (records and bytes on each side) instead of the records.")
    var stats = false

    func run() throws {
        do {
            let differs = try compare()
            if differs { throw ExitCode(1) }
        } catch let exit as ExitCode {
            throw exit
        } catch {
            StandardOutput.error("Error: \(error)\n")
            throw ExitCode(2)
        }
    }

    /// Runs the diff, writing as it goes; returns whether the caches differ.
    private func compare() throws -> Bool {
        let pattern = keys.map(KeyPattern.init)
        let first = try KeyOrderedSource.open(before), second = try KeyOrderedSource.open(after)
        let tallies = stats ? (TallyingRows(first, keys: pattern), TallyingRows(second, keys: pattern)) : nil
        var differ = CacheDiffer(before: tallies?.0 ?? first, after: tallies?.1 ?? second, keys: pattern)
        var printer = DiffPrinter(json: json, listsRecords: !stats, before: before, after: after)
        var tally = DiffTally()
        while let delta = try differ.next() {
            tally.count(delta)
            try printer.record(delta)
        }
        let growth = tallies.map { GroupGrowth.between($0.0.groups, $0.1.groups) }
        try printer.finish(tally: tally, broken: differ.broken, growth: growth)
        for broken in differ.broken {
            StandardOutput.error("cachelens diff: skipped \(TerminalText.escaped(broken.description))\n")
        }
        return tally.all.total > 0
    }
}
