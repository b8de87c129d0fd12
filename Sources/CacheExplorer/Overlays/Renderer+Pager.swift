/// The pager: a frame over the panes (the status bar and bottom line stay), the wrapped text
/// from its top row, the search's matches marked, and where in the text the view is.
extension Renderer {
    mutating func drawPager(_ pager: Pager) {
        let rect = Rect(row: 0, column: 0, width: state.size.width, height: max(0, state.size.height - 2))
        guard rect.height >= 3 else { return }
        grid.fill(rect, role: .dialog)
        grid.box(rect, title: pager.title, focused: true)
        let inner = rect.inner
        let top = max(0, min(pager.top, pager.rows.count - inner.height))
        for (offset, line) in pager.rows.dropFirst(top).prefix(inner.height).enumerated() {
            let row = inner.row + offset
            grid.put(line, row: row, column: inner.column + 1, role: .text, limit: inner.width - 1)
            if !pager.search.isEmpty { markMatches(of: pager.search, in: line, row: row, column: inner.column + 1) }
        }
        let shownEnd = min(pager.rows.count, top + inner.height)
        let position = pager.rows.isEmpty ? " empty " : " \(top + 1)–\(shownEnd) of \(pager.rows.count) lines "
        let more = pager.rows.count > shownEnd ? "· \(pager.rows.count - shownEnd) more ↓ " : ""
        let footer = position + more
        if DisplayWidth.of(footer) + 4 <= rect.width {
            grid.put(footer, row: rect.row + rect.height - 1, column: rect.column + rect.width - 1 - DisplayWidth.of(footer), role: .borderFocused)
        }
    }

    /// Marks every occurrence of `search` (case-insensitive) in a drawn line.
    private mutating func markMatches(of search: String, in line: String, row: Int, column: Int) {
        let shown = Array(VisibleText.shown(line, asciiOnly: state.asciiOnly))
        let lower = Array(String(shown).lowercased())
        let needle = Array(search.lowercased())
        guard !needle.isEmpty, lower.count == shown.count, needle.count <= lower.count else { return }
        var index = 0
        while index + needle.count <= lower.count {
            guard Array(lower[index..<index + needle.count]) == needle else { index += 1; continue }
            let from = shown[..<index].reduce(0) { $0 + DisplayWidth.of($1) }
            let width = shown[index..<index + needle.count].reduce(0) { $0 + DisplayWidth.of($1) }
            grid.restyle(row: row, column: column + from, width: width, role: .listMatch)
            index += needle.count
        }
    }
}
