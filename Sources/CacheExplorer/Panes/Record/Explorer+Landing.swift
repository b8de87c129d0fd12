import GraphQLCache

/// Landing on a value: the record view opens the lists and objects around a place and selects
/// its row, so that an inbound reference opens the referrer at `squads[0][1]` and a `:find`
/// match at the field that matched, not at `__typename`.
extension Explorer {
    /// Selects `place` in the record shown, opening what encloses it (lists already open stay open).
    mutating func land(at place: ValuePath) {
        guard let view = state.record, view.exists else { return }
        let ids = place.rowIDs
        let expanded = view.expanded.union(ids.enclosing)
        state.record = loadView(view.key, keeping: RecordPlace(selected: 0, top: 0, expanded: expanded))
        guard let index = state.record?.rows.firstIndex(where: { $0.id == ids.row }) else { return }
        selectField(index)
        centreSelectedField()
    }

    /// Scrolls so that the selected field is in the middle of the pane when the record is longer
    /// than the pane (a landing seen at the bottom edge hides what follows it).
    private mutating func centreSelectedField() {
        guard var view = state.record else { return }
        let height = Layout(state: state).recordPageHeight
        guard view.rows.count > height else { return }
        view.top = max(0, min(view.selected - height / 2, view.rows.count - height))
        state.record = view
    }
}
