import GraphQLCache

/// `cachelens check`'s table: one row per operation (each miss followed by its groups and
/// diagnoses) and one per problem in the files (a file that does not parse, a duplicate name),
/// then a summary line.
struct OperationCheckTable {
    let checks: [OperationCheck]
    let problems: [OperationCatalog.Problem]

    /// The header, the rows, a blank line and the summary, each line ending in a newline.
    var text: String {
        let rows = checks.map { [$0.entry.name, $0.place, $0.verdict] }
            + problems.map { [$0.operation ?? "(file)", $0.place, "\($0.severity.rawValue): \($0.message)"] }
        let nameWidth = max(9, rows.map { $0[0].count }.max() ?? 0)
        let fileWidth = max(4, rows.map { $0[1].count }.max() ?? 0)
        func row(_ cells: [String]) -> String {
            cells[0].padding(toLength: nameWidth, withPad: " ", startingAt: 0) + "  "
                + cells[1].padding(toLength: fileWidth, withPad: " ", startingAt: 0) + "  " + cells[2]
        }
        var lines = [row(["OPERATION", "FILE", "RESULT"])]
        for (check, cells) in zip(checks, rows) {
            lines.append(row(cells))
            lines += Self.explanationLines(check)
        }
        lines += rows.dropFirst(checks.count).map(row)
        return (lines + ["", summary]).joined(separator: "\n") + "\n"
    }

    /// A miss's groups (ten at most, then how many more) and diagnoses, indented under its row.
    private static func explanationLines(_ check: OperationCheck) -> [String] {
        guard let explanation = check.explanation, !explanation.result.isComplete else { return [] }
        var lines = explanation.groups.prefix(10).map { "    " + $0.summary }
        if explanation.groups.count > 10 { lines.append("    … and \(explanation.groups.count - 10) more groups") }
        return lines + explanation.diagnoses.flatMap(\.lines).map { "    " + $0 }
    }

    /// `2 queries: 1 answered by the cache, 1 miss, 0 could not run; 1 skipped; 1 error and 1
    /// warning in the files`.
    var summary: String {
        let queries = checks.filter { $0.skipped == nil }
        let hits = queries.filter { $0.explanation?.result.isComplete ?? false }.count
        let errors = queries.filter { $0.error != nil }.count
        var line = "\(Self.count(queries.count, "query", "queries")): \(hits) answered by the cache, "
            + "\(queries.count - hits - errors) miss, \(errors) could not run"
        if checks.count > queries.count { line += "; \(checks.count - queries.count) skipped" }
        let fileErrors = problems.filter { $0.severity == .error }.count
        let warnings = problems.count - fileErrors
        let parts = (fileErrors > 0 ? [Self.count(fileErrors, "error", "errors")] : [])
            + (warnings > 0 ? [Self.count(warnings, "warning", "warnings")] : [])
        if !parts.isEmpty { line += "; " + parts.joined(separator: " and ") + " in the files" }
        return line
    }

    private static func count(_ n: Int, _ one: String, _ many: String) -> String {
        "\(n) \(n == 1 ? one : many)"
    }
}
