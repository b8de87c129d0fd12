import CacheDiagnostics
import GraphQLCache

/// `:lint`: the cache's health (`CacheLint`) listed in a dialog; Enter on an example key opens
/// that record.
extension Explorer {
    mutating func showLint() {
        do {
            let findings = try backend.lint()
            guard !findings.isEmpty else { inform("lint: no findings, the cache is healthy"); return }
            state.mode = .lint(LintList(findings: findings))
        } catch {
            fail(error)
        }
    }

    mutating func lintKey(_ key: Key, _ list: LintList) {
        var list = list
        let stops = list.rows.indices.filter { list.rows[$0].isSelectable }
        switch keyMap.command(for: key) {
        case .moveDown?: list.selected = stops.first { $0 > list.selected } ?? list.selected
        case .moveUp?: list.selected = stops.last { $0 < list.selected } ?? list.selected
        case .top?: list.selected = stops.first ?? 0
        case .bottom?: list.selected = stops.last ?? 0
        case .follow?:
            guard let row = list.rows.indices.contains(list.selected) ? list.rows[list.selected] : nil else { state.mode = .normal; return }
            guard let target = row.key else { viewFinding(of: row, in: list); return }
            state.mode = .normal
            open(target)
            state.focus = .record
            return
        case .view?:
            if list.rows.indices.contains(list.selected) { viewFinding(of: list.rows[list.selected], in: list) }
            return
        case .quit? where key == .control("c"): state.isFinished = true; return
        default:
            state.mode = .normal
            return
        }
        state.mode = .lint(list)
    }

    /// The finding `row` belongs to, whole, in the pager.
    private mutating func viewFinding(of row: LintList.Row, in list: LintList) {
        guard list.findings.indices.contains(row.finding) else { return }
        openPager(title: "lint finding \(row.finding + 1) of \(list.findingCount)", text: list.findings[row.finding])
        withPager { pager, _ in pager.lint = list }
    }
}
