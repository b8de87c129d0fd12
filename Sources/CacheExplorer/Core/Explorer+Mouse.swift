/// Mouse: a press selects what is under it (and focuses its pane); a second press on the same
/// row within `doubleClickInterval` acts as Enter there (follows a reference, opens a list, a
/// record or a watch); the wheel scrolls.
extension Explorer {
    /// How soon a second click on a row makes a double click.
    package static let doubleClickInterval: Duration = .milliseconds(500)

    /// A press (or, `double`, a double click the terminal reported as one) at a cell.
    mutating func mousePressed(row: Int, column: Int, double: Bool = false) {
        guard state.mode == .normal else { return }
        let isDouble = double || state.lastClick.map { $0.row == row && state.now - $0.at <= Self.doubleClickInterval } ?? false
        state.lastClick = isDouble ? nil : MouseClick(row: row, column: column, at: state.now)
        let layout = Layout(state: state)
        guard let pane = layout.pane(atRow: row, column: column) else { return }
        state.focus = pane
        switch pane {
        case .records:
            guard let rect = layout.list else { return }
            let index = state.list.top + row - rect.inner.row
            guard row >= rect.inner.row, index < state.list.count else { return }
            selectListRow(index)
            if isDouble { openSelectedRow() }
        case .record:
            guard let rect = layout.record, let view = state.record else { return }
            let index = view.top + row - rect.inner.row
            guard row >= rect.inner.row, index < view.rows.count else { return }
            selectField(index)
            if isDouble { followField() }
        case .watches:
            if isDouble, state.openWatch == nil { openSelectedWatch() }
        case .query:
            break
        }
    }

    mutating func mouseScrolled(row: Int, column: Int, lines: Int) {
        guard state.mode == .normal else { return }
        if let pane = Layout(state: state).pane(atRow: row, column: column) { state.focus = pane }
        move(by: lines)
    }
}
