import CacheDiagnostics
import GraphQLCache

/// The watches pane, the watch workspace and the query console.
extension Renderer {
    /// The pane: every watch's header, its document, what changed it and its result. When all
    /// of it does not fit, the rows are shared out so that none is left empty: a short watch
    /// keeps all its rows, the longer ones share the rest, and a cut result ends in a row saying
    /// how much more there is (`Enter` opens the watch with all of it).
    mutating func drawWatches(in rect: Rect) {
        grid.box(rect, title: "Watches \(state.watches.count)", focused: state.focus == .watches)
        let inner = rect.inner
        guard !state.watches.isEmpty else {
            grid.put(DisabledReason.noWatchMessage(keyMap), row: inner.row, column: inner.column + 1, role: .textDim, limit: inner.width - 1)
            return
        }
        let blocks = state.watches.enumerated().map { index, watch in
            watchRows(watch, selected: state.focus == .watches && index == state.selectedWatch)
        }
        let shares = Self.share(inner.height, among: blocks.map(\.count))
        var y = inner.row
        for (index, (block, rows)) in zip(blocks, shares).enumerated() {
            // A result the pane stopped taking at its line limit has more than its rows say.
            let capped = state.watches[index].resultLines.count >= ResultLines.lineLimit
            for row in Self.fit(block, rows: rows, openKey: keyMap.keyName(.follow), capped: capped) {
                grid.put(row.0, row: y, column: inner.column, role: row.1, limit: inner.width)
                if row.1 == .listSelection { grid.restyle(row: y, column: inner.column, width: inner.width, role: .listSelection) }
                y += 1
            }
        }
    }

    /// Rows for blocks of `lengths` in `height`: each gets all it needs while that is no more than
    /// an even share of what is left, the rest share evenly (at least 2: header and one line).
    static func share(_ height: Int, among lengths: [Int]) -> [Int] {
        var shares = Array(repeating: 0, count: lengths.count)
        var left = height
        for (done, index) in lengths.indices.sorted(by: { lengths[$0] < lengths[$1] }).enumerated() {
            let even = max(2, left / (lengths.count - done))
            shares[index] = min(lengths[index], even)
            left -= shares[index]
        }
        // Rows the division left over go to the first block that is cut.
        if left > 0, let cut = lengths.indices.first(where: { shares[$0] < lengths[$0] }) {
            shares[cut] += min(left, lengths[cut] - shares[cut])
        }
        return shares
    }

    /// A watch's rows cut to `rows`: the document goes first, then result rows, the last kept
    /// row saying how many more there are (`200+` when the result was longer than the pane's
    /// line limit: the workspace has it whole).
    static func fit(_ block: [(String, StyleRole)], rows: Int, openKey: String, capped: Bool = false) -> [(String, StyleRole)] {
        guard block.count > rows else { return block }
        var kept = block
        if kept.count > 1 { kept.remove(at: 1) }
        guard kept.count > rows, rows >= 2 else { return Array(kept.prefix(rows)) }
        let hidden = kept.count - (rows - 1)
        let count = "\(MissGroup.number(hidden))\(capped ? "+" : "") more line\(hidden == 1 && !capped ? "" : "s")"
        return Array(kept.prefix(rows - 1)) + [("   … and \(count): \(openKey) opens the watch", .textDim)]
    }

    /// One watch as pane rows: header (selection marked), its document, what changed it, its
    /// result.
    private func watchRows(_ watch: WatchSnapshot, selected: Bool) -> [(String, StyleRole)] {
        let flashing = state.flashing.contains(watch.name)
        let updates = "\(watch.updateCount) update\(watch.updateCount == 1 ? "" : "s")"
        let reading = watch.isReading ? " · reading…" : ""
        let policy = CachePolicy(rawValue: watch.policy).map(StatusBarParts.shortName) ?? watch.policy
        let header = "\(selected ? "›" : " ")\(flashing ? "●" : "○") \(watch.name) · \(watch.source) · \(updates) · \(policy)\(reading)"
        var rows: [(String, StyleRole)] = [(header, selected ? .listSelection : flashing ? .diffChanged : .title)]
        rows.append(("   " + watch.summary, .textDim))
        if let changed = watch.changeSummary {
            rows.append(("   " + changed, flashing ? .diffChanged : .textDim))
        }
        if let note = watch.note(keys: keyMap) { rows.append(("   " + note, .statusMessage)) }
        rows += watch.resultLines.map { ("   " + $0, $0.hasPrefix("✗") ? .statusError : flashing ? .diffChanged : .text) }
        return rows
    }

    /// The open watch: a fixed header (document, variables, source, policy, updates, last
    /// change) over its error in full and its whole result as the console's tree, scrolling.
    mutating func drawWorkspace(in rect: Rect) {
        guard let name = state.openWatch, let watch = state.watches.first(where: { $0.name == name }) else { return }
        grid.box(rect, title: "Watch \(watch.name)", focused: true)
        let inner = rect.inner
        let header = WatchWorkspace.header(watch, now: state.now, changedAt: state.watchChangedAt[name], keys: keyMap)
        for (offset, line) in header.enumerated() where offset < inner.height {
            grid.put(line.0, row: inner.row + offset, column: inner.column + 1, role: line.1, limit: inner.width - 1)
        }
        let bodyTop = inner.row + WatchWorkspace.headerHeight + 1
        let body = WatchWorkspace.body(watch, width: inner.width - 1, keys: keyMap)
        let visible = max(0, inner.row + inner.height - bodyTop)
        for (offset, line) in body.dropFirst(state.watchTop).prefix(visible).enumerated() {
            grid.put(line.0, row: bodyTop + offset, column: inner.column + 1, role: line.1, limit: inner.width - 1)
        }
        if body.count > state.watchTop + visible, inner.width > 20 {
            let more = " \(body.count - state.watchTop - visible) more ↓ "
            grid.put(more, row: inner.row + inner.height, column: inner.column + inner.width - DisplayWidth.of(more) - 1, role: .borderFocused)
        }
    }

    mutating func drawConsole(in rect: Rect) {
        // The view key that is not a letter (a letter is text here), so the report can be read whole.
        let view = keyMap.keys(of: .view).first { if case .character = $0 { return false } else { return true } }
        let whole = view.map { ", \($0) whole" } ?? ""
        let policy = "policy \(state.console.policy.rawValue) (\(keyMap.typingKeyName(.cyclePolicy)))"
        grid.box(rect, title: "Query console · \(policy) · Enter runs, Tab: document/variables, \(keyMap.keyName(.cancel)) leaves\(whole)",
                 focused: true)
        let inner = rect.inner
        guard inner.height > 1 else { return }
        let console = state.console
        drawConsoleInput("query> ", console.input, row: inner.row, inner: inner, active: !console.editingVariables)
        drawConsoleInput("vars>  ", console.variables, row: inner.row + 1, inner: inner, active: console.editingVariables)
        let text = ConsoleText(state, keys: keyMap, width: inner.width - 1)
        let count = text.count
        let top = max(0, min(state.console.top, count - 1))
        let room = max(0, inner.height - 3)
        for (offset, line) in text.lines(from: top, limit: room).enumerated() {
            grid.put(line.0, row: inner.row + 3 + offset, column: inner.column + 1, role: line.1, limit: inner.width - 1)
        }
        if count - top > room, inner.width > 30 {
            let more = " \(count - top - room) more ↓ · \(keyMap.keyName(.pageDown)) scrolls "
            grid.put(more, row: inner.row + inner.height, column: inner.column + inner.width - DisplayWidth.of(more) - 1, role: .borderFocused)
        }
    }

    /// The console's result lines wrapped to `width` (`ConsoleText`), every one of them.
    package static func consoleLines(_ state: ExplorerState, keys: KeyMap, width: Int) -> [(String, StyleRole)] {
        ConsoleText(state, keys: keys, width: width).all
    }

    /// One input line of the console, its end kept visible, the cursor on the active one.
    private mutating func drawConsoleInput(_ label: String, _ input: LineInput, row: Int, inner: Rect, active: Bool) {
        let room = inner.width - label.count - 2
        grid.put(label, row: row, column: inner.column + 1, role: active ? .helpKey : .textDim)
        put(Self.lineSegments(input, room: room + (active ? 1 : 0), cursor: active), row: row,
            column: inner.column + 1 + label.count, limit: room + 1)
    }

    static func reportLines(_ report: QueryReport) -> [(String, StyleRole)] { report.styledLines }
}
