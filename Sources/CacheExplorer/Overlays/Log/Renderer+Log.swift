import GraphQLCache

/// The write log overlay and the "go back to here" confirmation.
extension Renderer {
    mutating func drawLog(_ list: LogList) {
        let capacity = max(1, state.size.height - 6)
        let top = max(0, list.selected - capacity + 1)
        var lines: [[(String, StyleRole)]] = []
        if list.rows.isEmpty {
            let why = list.filter.isEmpty ? "no changes yet: edits, deletes, fetches and other processes' commits show here"
                : "no entry's origin or keys contain \"\(list.filter)\""
            lines.append([(why, .textDim)])
        }
        for (index, row) in list.rows.enumerated().dropFirst(top).prefix(capacity) {
            lines.append([(index == list.selected ? "› " : "  ", .text)] + row.segments.map { ($0.text, $0.role) })
        }
        let first = list.matchCount == 0 ? 0 : list.top + 1
        let last = min(list.top + capacity, list.matchCount)
        let count = "\(list.matchCount)" + (list.moreMatch ? "+ (the newest; older entries match too)" : "")
        lines.append([("\(first)–\(last) of \(count)" + (list.filter.isEmpty ? "" : " matching \"\(list.filter)\""), .textDim)])
        let widest = lines.map { $0.reduce(0) { $0 + DisplayWidth.of($1.0) } }.max() ?? 0
        let width = max(dialogWidth, min(state.size.width - 2, widest + 4))
        let inner = dialog(title: "write log: \(list.entryCount) entr\(list.entryCount == 1 ? "y" : "ies"), newest first",
                           lines: lines, width: width)
        if list.rows.indices.contains(list.selected) {
            grid.restyle(row: inner.row + list.selected - top, column: inner.column, width: inner.width, role: .listSelection)
        }
    }

    mutating func drawConfirmGoBack(laterEntries: Int) {
        let lines: [[(String, StyleRole)]] = [
            [("Undo the \(laterEntries) later entr\(laterEntries == 1 ? "y" : "ies") on the cache, as one change?", .dialog)],
            [("Records they touched go back to how they were just after this entry.", .textDim)],
            [],
            [("y", .helpKey), (" goes back · any other key cancels · \(keyMap.keyName(.undo)) undoes it", .dialog)],
        ]
        dialog(title: "Go back to here", lines: lines, width: dialogWidth)
    }
}
