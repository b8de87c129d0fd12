import GraphQLCache

/// `:diff FILE` drawn as a list of marked records with changed fields side by side.
extension Renderer {
    mutating func drawDiff(_ list: DiffList) {
        let capacity = max(1, state.size.height - 6)
        let top = max(0, list.selected - capacity + 1)
        var lines: [[(String, StyleRole)]] = []
        for (index, row) in list.rows.enumerated().dropFirst(top).prefix(capacity) {
            lines.append([(index == list.selected ? "› " : "  ", .text)] + row.segments.map { ($0.text, $0.role) })
        }
        lines.append([("\(list.file) │ now · \(keyMap.keyName(.follow)) opens the record · \(keyMap.keyName(.cancel)) closes", .textDim)])
        let counts = RecordDelta.Kind.allCases.map { "\(list.counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        let width = max(dialogWidth, min(state.size.width - 2, (lines.map { $0.reduce(0) { $0 + DisplayWidth.of($1.0) } }.max() ?? 0) + 4))
        let inner = dialog(title: "diff against \(list.file): \(counts)", lines: lines, width: width)
        if list.rows.indices.contains(list.selected) {
            grid.restyle(row: inner.row + list.selected - top, column: inner.column, width: inner.width, role: .listSelection)
        }
    }
}
