/// `s`: the record list's order, cycled (key, size, typename). The selection goes to the top,
/// as a new filter puts it, and the record pane previews it.
extension Explorer {
    mutating func cycleListOrder() {
        state.list.order = state.list.order.next
        state.list.selected = 0
        state.list.top = 0
        state.list.rows = []
        reloadList()
        previewSelection()
        inform("sorted \(state.list.order.label)")
    }
}
