import CacheDiagnostics
import GraphQLCache

/// `:lint`: the cache's health (`CacheLint`) listed in a dialog; Enter on an example key opens
/// that record.
extension Explorer {
    mutating func showLint() {
        runScan(.lint) { [backend] in .lint(try backend.lint()) }
    }

    /// The scan's findings, or that there are none.
    mutating func showLint(_ findings: [LintFinding]) {
        guard !findings.isEmpty else { inform("lint: no findings, the cache is healthy"); return }
        state.mode = .lint(LintList(findings: findings))
    }

    /// Enter on a finding's example key opens that record; on its headline, the finding whole.
    mutating func followLintRow() {
        guard case .lint(let list) = state.mode, let row = list.chosen.map({ list.rows[$0] }) else { state.mode = .normal; return }
        guard let target = row.key else { viewFinding(of: row, in: list); return }
        openFromOverlay(target)
    }

    /// The selected finding whole, in the pager.
    mutating func viewSelectedFinding() {
        guard case .lint(let list) = state.mode, list.rows.indices.contains(list.selected) else { return }
        viewFinding(of: list.rows[list.selected], in: list)
    }

    /// The finding `row` belongs to, whole, in the pager.
    private mutating func viewFinding(of row: LintList.Row, in list: LintList) {
        guard list.findings.indices.contains(row.finding) else { return }
        openPager(title: "lint finding \(row.finding + 1) of \(list.findingCount)", text: list.findings[row.finding])
        withPager { pager, _ in pager.lint = list }
    }
}
