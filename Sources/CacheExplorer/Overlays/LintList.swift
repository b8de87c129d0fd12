import CacheDiagnostics
import GraphQLCache

/// `:lint`'s findings as a list to move through: each finding's line and fix, then its example
/// keys. `j`/`k` stop on findings and keys; Enter on a key opens that record, Enter (or `v`) on a
/// finding shows it whole in the pager, with every key the check reported.
package struct LintList: Hashable, Sendable {
    /// One row: a finding's text, or an example key.
    package struct Row: Hashable, Sendable {
        package var text: String
        /// The record the row names (Enter opens it); nil for a finding's text.
        package var key: CacheKey?
        package var role: StyleRole
        /// The finding the row belongs to (its index in `findings`).
        package var finding = 0
        /// Whether the selection stops here: a finding's first line, or a key.
        package var isSelectable = false
    }

    /// Example keys listed per finding.
    package static let keysPerFinding = 20

    package var rows: [Row]
    package var findingCount: Int
    package var selected: Int
    /// Each finding whole, as the pager shows it.
    package var findings: [String]

    package init(findings: [LintFinding], selected: Int = 0) {
        var rows: [Row] = []
        for (index, finding) in findings.enumerated() {
            rows.append(Row(text: Self.headline(finding), role: .queryMiss, finding: index, isSelectable: true))
            if let suggestion = finding.suggestion { rows.append(Row(text: "  fix: " + suggestion, role: .text, finding: index)) }
            rows += finding.keys.prefix(Self.keysPerFinding).map {
                Row(text: "  " + $0.rawValue, key: $0, role: .valueReference, finding: index, isSelectable: true)
            }
            let shown = min(finding.keys.count, Self.keysPerFinding)
            if finding.count > shown {
                rows.append(Row(text: "  … and \(MissGroup.number(finding.count - shown)) more",
                                role: .textDim, finding: index))
            }
        }
        self.rows = rows
        self.findingCount = findings.count
        self.findings = findings.map(Self.whole)
        self.selected = rows.firstIndex { $0.key != nil } ?? 0
        if selected != 0 { self.selected = selected }
    }

    /// `danglingReference (3): …`
    private static func headline(_ finding: LintFinding) -> String {
        "\(finding.kind.rawValue) (\(MissGroup.number(finding.count))): \(finding.message)"
    }

    /// A finding whole: its line, its fix, then every key the check reported and how many it
    /// did not.
    static func whole(_ finding: LintFinding) -> String {
        var lines = [headline(finding)]
        if let suggestion = finding.suggestion { lines.append("fix: " + suggestion) }
        if !finding.keys.isEmpty {
            lines.append("")
            lines += finding.keys.map(\.rawValue)
        }
        if finding.count > finding.keys.count {
            lines.append("… and \(MissGroup.number(finding.count - finding.keys.count)) more")
        }
        return lines.joined(separator: "\n")
    }
}
