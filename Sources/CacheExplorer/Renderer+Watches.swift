/// The watches pane and the query console.
extension Renderer {
    mutating func drawWatches(in rect: Rect) {
        grid.box(rect, title: "Watches \(state.watches.count)", focused: state.focus == .watches)
        let inner = rect.inner
        guard !state.watches.isEmpty else {
            grid.put("no watches: w adds one", row: inner.row, column: inner.column + 1, role: .textDim, limit: inner.width - 1)
            return
        }
        var y = inner.row
        for (index, watch) in state.watches.enumerated() where y < inner.row + inner.height {
            let flashing = state.flashing.contains(watch.name)
            let selected = state.focus == .watches && index == state.selectedWatch
            let header = "\(selected ? "›" : " ")\(flashing ? "●" : "○") \(watch.name) · \(watch.source) · \(watch.updateCount) update\(watch.updateCount == 1 ? "" : "s")"
            grid.put(header, row: y, column: inner.column, role: flashing ? .diffChanged : .title, limit: inner.width)
            if selected { grid.restyle(row: y, column: inner.column, width: inner.width, role: .listSelection) }
            y += 1
            var details = [("   " + watch.summary, StyleRole.textDim)]
            if !watch.lastChangedKeys.isEmpty {
                details.insert(("   changed " + watch.lastChangedKeys.joined(separator: ", "), flashing ? .diffChanged : .textDim), at: 0)
            }
            for (text, role) in details where y < inner.row + inner.height {
                grid.put(text, row: y, column: inner.column, role: role, limit: inner.width)
                y += 1
            }
            for line in watch.resultLines where y < inner.row + inner.height {
                grid.put("   " + line, row: y, column: inner.column, role: flashing ? .diffChanged : .text, limit: inner.width)
                y += 1
            }
        }
    }

    mutating func drawConsole(in rect: Rect) {
        grid.box(rect, title: "Query console (Enter runs, Esc leaves)", focused: true)
        let inner = rect.inner
        guard inner.height > 0 else { return }
        var input = state.console.input.text
        while DisplayWidth.of(input) > inner.width - 4, !input.isEmpty { input.removeFirst() }
        grid.put("> ", row: inner.row, column: inner.column + 1, role: .helpKey)
        grid.put(input + "█", row: inner.row, column: inner.column + 3, role: .text, limit: inner.width - 3)
        var lines: [(String, StyleRole)] = []
        if let error = state.console.error {
            lines.append((error, .statusError))
        } else if let report = state.console.report {
            lines = Self.reportLines(report)
        } else {
            lines.append(("type a document, e.g. { hero { name friends { name } } }, and press Enter", .textDim))
        }
        for (offset, line) in lines.dropFirst(state.console.top).enumerated() where offset + 2 < inner.height {
            grid.put(line.0, row: inner.row + 2 + offset, column: inner.column + 1, role: line.1, limit: inner.width - 1)
        }
    }

    static func reportLines(_ report: QueryReport) -> [(String, StyleRole)] {
        var lines: [(String, StyleRole)] = []
        let summary = report.missCount == 0 ? "complete: every field is in the cache"
            : "\(report.missCount) miss\(report.missCount == 1 ? "" : "es")"
        lines.append((summary, report.missCount == 0 ? .queryHit : .queryMiss))
        for line in report.lines {
            let indent = String(repeating: "  ", count: line.depth)
            switch line.status {
            case .hit: lines.append((indent + "✓ " + line.text, .queryHit))
            case .miss: lines.append((indent + "✗ " + line.text, .queryMiss))
            case .plain: lines.append((indent + "  " + line.text, .textDim))
            }
        }
        lines.append(("", .text))
        lines.append(("Cache policies:", .title))
        lines.append(contentsOf: report.policyVerdicts.map { ("  " + $0, StyleRole.text) })
        return lines
    }
}
