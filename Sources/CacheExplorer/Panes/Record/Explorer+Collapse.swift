/// Back in the record view closes before it leaves, as a tree view's `h`/Left does (jless,
/// lazygit's file tree): an open list or object on the selected row closes; on an item inside
/// an open list, that list closes and its row is selected; on a field with nothing open around
/// it, back goes to the previous record.
extension Explorer {
    mutating func collapseOrGoBack() {
        guard state.focus == .record, let view = state.record, let row = view.selectedRow else { goBack(); return }
        if row.isExpanded {
            collapse(row.id, selecting: view.selected)
        } else if !row.path.isEmpty {
            let parentID = ([row.field] + row.path.dropLast()).joined(separator: "/")
            let parent = view.rows[..<view.selected].lastIndex { $0.id == parentID } ?? view.selected
            collapse(parentID, selecting: parent)
        } else {
            goBack()
        }
    }

    /// Closes the list or object `id` and selects row `index` (rows above it do not move).
    private mutating func collapse(_ id: String, selecting index: Int) {
        guard var view = state.record else { return }
        view.expanded.remove(id)
        view.selected = index
        state.record = loadView(view.key, keeping: RecordPlace(view))
        clampRecordView()
    }
}
