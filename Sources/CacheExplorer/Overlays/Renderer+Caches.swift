/// The `:open` list of caches found, as `cachelens caches` prints them (numbered).
extension Renderer {
    mutating func drawFoundCaches(_ list: FoundCacheList) {
        let capacity = max(1, state.size.height - 6)
        let top = max(0, list.selected - capacity + 1)
        var lines: [[(String, StyleRole)]] = []
        for (index, line) in list.lines.enumerated().dropFirst(top).prefix(capacity) {
            lines.append([(index == list.selected ? "› " : "  ", .text), (line, .text)])
        }
        lines.append([("\(keyMap.keyName(.follow)) opens the selected cache · \(keyMap.keyName(.cancel)) closes", .textDim)])
        let widest = lines.map { $0.reduce(0) { $0 + DisplayWidth.of($1.0) } }.max() ?? 0
        let width = max(dialogWidth, min(state.size.width - 2, widest + 4))
        let title = "\(list.lines.count) cache\(list.lines.count == 1 ? "" : "s") found"
        let inner = dialog(title: title, lines: lines, width: width)
        grid.restyle(row: inner.row + list.selected - top, column: inner.column, width: inner.width, role: .listSelection)
    }
}
