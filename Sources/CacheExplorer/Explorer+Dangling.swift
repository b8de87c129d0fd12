import GraphQLCache

/// Dangling marks for the record pane: after every event, the references on screen are looked
/// up (one batched read of at most a page of keys), so any element of any list, however far
/// down, is marked when it is shown, and a record with many references costs no more to open
/// than one with a few.
extension Explorer {
    /// Marks the references the record pane shows: dangling when their record is absent.
    mutating func markVisibleDanglingReferences() {
        guard var view = state.record, view.exists, view.broken == nil, !view.rows.isEmpty else { return }
        let visible = view.top..<(view.top + max(1, Layout(state: state).recordPageHeight))
        let keys = RecordRows.references(in: view.rows, visible)
        guard !keys.isEmpty else { return }
        guard let present = try? backend.loadStoredRecords(forKeys: keys) else { return }
        RecordRows.markDangling(&view.rows, visible, existing: Set(present.keys))
        if view != state.record { state.record = view }
    }
}
