/// The watches pane and the query console.
extension Renderer {
    mutating func drawWatches(in rect: Rect) {
        grid.box(rect, title: "Watches \(state.watches.count)", focused: state.focus == .watches)
        let inner = rect.inner
        guard !state.watches.isEmpty else {
            grid.put("no watches: w adds one", row: inner.row, column: inner.column + 1, role: .textDim, limit: inner.width - 1)
            return
        }
        // Each watch gets a fair share of the rows still free (rows one leaves go to the next);
        // its result is cut to fit.
        var y = inner.row
        for (index, watch) in state.watches.enumerated() where y < inner.row + inner.height {
            let free = inner.row + inner.height - y
            let share = max(2, free / (state.watches.count - index))
            y = drawWatch(watch, selected: state.focus == .watches && index == state.selectedWatch, from: y,
                          to: min(inner.row + inner.height, y + share), inner: inner)
        }
    }

    /// Draws one watch in rows `from ..< to`; returns the next free row.
    private mutating func drawWatch(_ watch: WatchSnapshot, selected: Bool, from start: Int, to end: Int, inner: Rect) -> Int {
        let flashing = state.flashing.contains(watch.name)
        let updates = "\(watch.updateCount) update\(watch.updateCount == 1 ? "" : "s")"
        let header = "\(selected ? "›" : " ")\(flashing ? "●" : "○") \(watch.name) · \(watch.source) · \(updates)"
        grid.put(header, row: start, column: inner.column, role: flashing ? .diffChanged : .title, limit: inner.width)
        if selected { grid.restyle(row: start, column: inner.column, width: inner.width, role: .listSelection) }
        // The result matters most, then what changed it; the document only when there is room.
        var lines = watch.resultLines.map { ("   " + $0, flashing ? StyleRole.diffChanged : .text) }
        if !watch.lastChangedKeys.isEmpty {
            lines.insert(("   changed " + watch.lastChangedKeys.joined(separator: ", "), flashing ? .diffChanged : .textDim), at: 0)
        }
        let rows = end - start - 1
        if lines.count + 1 <= rows { lines.insert(("   " + watch.summary, .textDim), at: 0) }
        // Short of room, the result goes before what changed it, and a row is spent on "…"
        // only when there are rows to spare for the result too.
        if lines.count > rows, rows < 3, !watch.lastChangedKeys.isEmpty { lines.removeFirst() }
        var y = start + 1
        for (offset, line) in lines.enumerated() where y < end {
            let cut = rows >= 2 && y == end - 1 && offset < lines.count - 1
            grid.put(cut ? "   …" : line.0, row: y, column: inner.column, role: line.1, limit: inner.width)
            y += 1
        }
        return y
    }

    mutating func drawConsole(in rect: Rect) {
        grid.box(rect, title: "Query console (Enter runs, Tab: document/variables, Esc leaves)", focused: true)
        let inner = rect.inner
        guard inner.height > 1 else { return }
        let console = state.console
        drawConsoleInput("query> ", console.input.text, row: inner.row, inner: inner, active: !console.editingVariables)
        drawConsoleInput("vars>  ", console.variables.text, row: inner.row + 1, inner: inner, active: console.editingVariables)
        var lines: [(String, StyleRole)] = []
        if let error = state.console.error {
            lines.append((error, .statusError))
        } else if let report = state.console.report {
            lines = Self.reportLines(report)
        } else {
            lines.append(("type a document, e.g. { hero { name friends { name } } }, and press Enter", .textDim))
        }
        for (offset, line) in lines.dropFirst(state.console.top).enumerated() where offset + 3 < inner.height {
            grid.put(line.0, row: inner.row + 3 + offset, column: inner.column + 1, role: line.1, limit: inner.width - 1)
        }
    }

    /// One input line of the console, its end kept visible, the cursor on the active one.
    private mutating func drawConsoleInput(_ label: String, _ text: String, row: Int, inner: Rect, active: Bool) {
        var shown = text
        let room = inner.width - label.count - 2
        while DisplayWidth.of(shown) > room, !shown.isEmpty { shown.removeFirst() }
        grid.put(label, row: row, column: inner.column + 1, role: active ? .helpKey : .textDim)
        grid.put(shown + (active ? "█" : ""), row: row, column: inner.column + 1 + label.count, role: .text, limit: room + 1)
    }

    static func reportLines(_ report: QueryReport) -> [(String, StyleRole)] { report.styledLines }
}
