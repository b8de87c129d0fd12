import CacheDiagnostics
import GraphQLCache

/// `:lint`'s findings as a list to move through: each finding's line and fix, then its example
/// keys; Enter on a key opens that record.
package struct LintList: Hashable, Sendable {
    /// One row: a finding's text, or an example key.
    package struct Row: Hashable, Sendable {
        package var text: String
        /// The record the row names (Enter opens it); nil for a finding's text.
        package var key: CacheKey?
        package var role: StyleRole
    }

    /// Example keys listed per finding.
    package static let keysPerFinding = 20

    package var rows: [Row]
    package var findingCount: Int
    package var selected: Int

    package init(findings: [LintFinding], selected: Int = 0) {
        var rows: [Row] = []
        for finding in findings {
            rows.append(Row(text: "\(finding.kind.rawValue) (\(MissGroup.number(finding.count))): \(finding.message)", role: .queryMiss))
            if let suggestion = finding.suggestion { rows.append(Row(text: "  fix: " + suggestion, role: .text)) }
            rows += finding.keys.prefix(Self.keysPerFinding).map { Row(text: "  " + $0.rawValue, key: $0, role: .valueReference) }
            if finding.count > min(finding.keys.count, Self.keysPerFinding) {
                rows.append(Row(text: "  … \(MissGroup.number(finding.count - min(finding.keys.count, Self.keysPerFinding))) more", role: .textDim))
            }
        }
        self.rows = rows
        self.findingCount = findings.count
        self.selected = rows.firstIndex { $0.key != nil } ?? 0
        if selected != 0 { self.selected = selected }
    }
}
