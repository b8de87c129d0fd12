import GraphQLCache

/// Dangling marks for the record pane: after every event, the references on screen are looked
/// up (one batched read of at most a page of keys), so any element of any list, however far
/// down, is marked when it is shown, and a record with many references costs no more to open
/// than one with a few.
extension Explorer {
    /// Marks the references the record pane shows: dangling when their record is absent.
    mutating func markVisibleDanglingReferences() {
        guard let (visible, existing) = visibleReferenceTargets() else { return }
        // In place: a copy of the view would copy all its rows (100,000 on a wide record) at
        // every event.
        RecordRows.markDangling(&state.record!.rows, visible, existing: existing)
    }

    /// The rows on screen and which of the records they reference exist; nil when they hold none.
    private func visibleReferenceTargets() -> (Range<Int>, Set<CacheKey>)? {
        guard let view = state.record, view.exists, view.broken == nil, !view.rows.isEmpty else { return nil }
        let visible = view.top..<(view.top + max(1, Layout(state: state).recordPageHeight))
        let keys = RecordRows.references(in: view.rows, visible)
        guard !keys.isEmpty, let present = try? backend.loadStoredRecords(forKeys: keys) else { return nil }
        return (visible, Set(present.keys))
    }
}
