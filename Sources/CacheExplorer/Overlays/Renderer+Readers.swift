/// The `W` overlay: the watches that read a field.
extension Renderer {
    mutating func drawReaders(_ list: ReaderList) {
        var lines: [[(String, StyleRole)]] = []
        if list.watches.isEmpty {
            lines.append([("no watch reads \(list.field.record).\(list.field.field)", .textDim)])
        }
        let capacity = max(1, state.size.height - 6)
        let top = max(0, list.selected - capacity + 1)
        for (index, name) in list.watches.enumerated().dropFirst(top).prefix(capacity) {
            let summary = state.watches.first { $0.name == name }?.summary ?? ""
            lines.append([(index == list.selected ? "› " : "  ", .text), (name, .fieldName), ("  " + summary, .textDim)])
        }
        lines.append([("\(keyMap.keyName(.follow)) opens the watch · \(keyMap.keyName(.cancel)) closes", .textDim)])
        let count = list.watches.count
        let title = "\(count) watch\(count == 1 ? "" : "es") read \(list.field.record).\(list.field.field)"
        let inner = dialog(title: title, lines: lines, width: dialogWidth)
        if !list.watches.isEmpty {
            grid.restyle(row: inner.row + list.selected - top, column: inner.column, width: inner.width, role: .listSelection)
        }
    }
}
