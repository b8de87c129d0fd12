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
        let keyed = list.rows.indices.filter { list.rows[$0].key != nil }
        switch keyMap.command(for: key) {
        case .moveDown?: list.selected = keyed.first { $0 > list.selected } ?? list.selected
        case .moveUp?: list.selected = keyed.last { $0 < list.selected } ?? list.selected
        case .top?: list.selected = keyed.first ?? 0
        case .bottom?: list.selected = keyed.last ?? 0
        case .follow?:
            state.mode = .normal
            if let target = list.rows.indices.contains(list.selected) ? list.rows[list.selected].key : nil {
                open(target)
                state.focus = .record
            }
            return
        case .quit? where key == .control("c"): state.isFinished = true; return
        default:
            state.mode = .normal
            return
        }
        state.mode = .lint(list)
    }
}
