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

    mutating func readersKey(_ key: Key, _ list: ReaderList) {
        var list = list
        switch keyMap.command(for: key) {
        case .moveDown?: list.selected = min(list.selected + 1, max(0, list.watches.count - 1))
        case .moveUp?: list.selected = max(0, list.selected - 1)
        case .top?: list.selected = 0
        case .bottom?: list.selected = max(0, list.watches.count - 1)
        case .follow?:
            state.mode = .normal
            if list.watches.indices.contains(list.selected) { openWatch(named: list.watches[list.selected]) }
            return
        case .quit?:
            state.mode = .normal
            requestQuit()
            return
        default:
            state.mode = .normal
            return
        }
        state.mode = .readers(list)
    }

    /// Opens the watch `name` in the workspace, focusing the watches pane.
    private mutating func openWatch(named name: String) {
        guard let index = state.watches.firstIndex(where: { $0.name == name }) else { return }
        state.focus = .watches
        state.selectedWatch = index
        openSelectedWatch()
    }
}
