import GraphQLCache

/// `W`: which watches read the selected field, from their dependencies (the field keys their
/// last read looked up, the same ones the store wakes them by), and Enter to open one.
extension Explorer {
    mutating func showReaders() {
        guard let view = state.record, let row = view.selectedRow else { return }
        let field = FieldKey(record: view.key, field: row.field)
        let names = state.watches.filter { $0.dependencies.contains(field) }.map(\.name)
        state.mode = .readers(ReaderList(field: field, watches: names))
    }

    /// Enter in the list: the watch on that line opens in the workspace.
    mutating func openSelectedReader() {
        guard case .readers(let list) = state.mode else { return }
        state.mode = .normal
        if let row = list.chosen { openWatch(named: list.watches[row]) }
    }

    /// Opens the watch `name` in the workspace, focusing the watches pane.
    private mutating func openWatch(named name: String) {
        guard let index = state.watches.firstIndex(where: { $0.name == name }) else { return }
        state.focus = .watches
        state.selectedWatch = index
        openSelectedWatch()
    }
}
