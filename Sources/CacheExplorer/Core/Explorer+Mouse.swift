/// Mouse: a press selects what is under it (and focuses its pane); the wheel scrolls (the pager
/// too, while it is open).
extension Explorer {
    mutating func mousePressed(row: Int, column: Int) {
        guard state.mode == .normal else { return }
        let layout = Layout(state: state)
        guard let pane = layout.pane(atRow: row, column: column) else { return }
        state.focus = pane
        switch pane {
        case .records:
            guard let rect = layout.list else { return }
            let index = state.list.top + row - rect.inner.row
            if row >= rect.inner.row, index < state.list.count { selectListRow(index) }
        case .record:
            guard let rect = layout.record, let view = state.record else { return }
            let index = view.top + row - rect.inner.row
            if row >= rect.inner.row, index < view.rows.count { selectField(index) }
        case .watches, .query:
            break
        }
    }

    mutating func mouseScrolled(row: Int, column: Int, lines: Int) {
        if case .pager = state.mode { scrollPager(by: lines); return }
        guard state.mode == .normal else { return }
        if let pane = Layout(state: state).pane(atRow: row, column: column) { state.focus = pane }
        move(by: lines)
    }
}
