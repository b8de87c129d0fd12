import CacheDiagnostics
import GraphQLCache

/// The record list and the record view.
extension Renderer {
    mutating func drawList(in rect: Rect) {
        let list = state.list
        let order = list.order == .key ? "" : " · \(list.order.label)"
        let title = (list.filter.isEmpty ? "Records" : "Records /\(list.filter)") + order
        grid.box(rect, title: title, focused: state.focus == .records)
        let inner = rect.inner
        if list.count > 0 {
            let position = " \(MissGroup.number(list.selected + 1))/\(MissGroup.number(list.count)) "
            grid.put(position, row: rect.row + rect.height - 1, column: max(rect.column + 1, rect.column + rect.width - 1 - position.count),
                     role: .border)
        } else {
            let empty = list.countIsExact || list.filter.isEmpty ? Self.emptyListText(list.filter) : "searching for \"\(list.filter)\"…"
            grid.put(list.readingKeys.map(Self.keyReadText) ?? empty,
                     row: inner.row, column: inner.column + 1, role: .textDim, limit: inner.width - 1)
        }
        let typeWidth = inner.width >= 26 ? min(inner.width >= 40 ? 14 : 8, list.rows.compactMap { $0.typename.map(DisplayWidth.of) }.max() ?? 0) : 0
        let sizeWidth = inner.width >= 20 ? 6 : 0
        for (offset, row) in list.rows.enumerated() where offset < inner.height {
            let y = inner.row + offset
            let selected = list.top + offset == list.selected
            drawListRow(row, y: y, inner: inner, typeWidth: typeWidth, sizeWidth: sizeWidth, selected: selected)
        }
    }

    private mutating func drawListRow(_ row: RecordRow, y: Int, inner: Rect, typeWidth: Int, sizeWidth: Int, selected: Bool) {
        let mark = state.diffMarks[row.key]
        let marker = selected ? "›" : mark.map(LogRows.mark) ?? " "
        grid.put(marker, row: y, column: inner.column, role: mark.map(LogRows.role) ?? .text)
        let extras = (typeWidth > 0 ? typeWidth + 1 : 0) + (sizeWidth > 0 ? sizeWidth + 1 : 0)
        let keyWidth = inner.width - 1 - extras
        let key = row.key.rawValue
        let shown = DisplayWidth.of(key) > keyWidth ? String(key.prefix(max(0, keyWidth - 1))) + "…" : key
        let keyRole: StyleRole = row.brokenError != nil ? .listBroken : row.key.isRoot ? .keyRoot : .text
        grid.put(shown, row: y, column: inner.column + 1, role: keyRole, limit: keyWidth)
        var column = inner.column + 1 + keyWidth + 1
        if typeWidth > 0 {
            grid.put(row.typename ?? "", row: y, column: column, role: row.brokenError != nil ? .listBroken : .keyTypename,
                     limit: typeWidth)
            column += typeWidth + 1
        }
        if sizeWidth > 0 {
            let size = Self.sizeText(row.size)
            grid.put(size, row: y, column: column + sizeWidth - size.count, role: .textDim, limit: sizeWidth)
        }
        if selected { grid.restyle(row: y, column: inner.column, width: inner.width, role: .listSelection, keeping: [.listBroken]) }
        highlightMatch(in: shown, row: y, column: inner.column + 1, limit: keyWidth)
    }

    /// What an empty list says, in the words of its filter.
    static func emptyListText(_ filter: String) -> String {
        switch try? ListFilter.parse(filter) {
        case .typename(let name)?: return "no record of type \(name)"
        case .regex(let pattern)?: return "no key matches /\(pattern)/"
        case .substring?: return "no key contains \"\(filter)\""
        case .all?, nil: return "no records"
        }
    }

    /// `reading the keys: 2,400,000 of about 10,000,000` while a big file's keys are first read.
    static func keyReadText(_ progress: KeyReadProgress) -> String {
        "reading the keys: \(MissGroup.number(progress.read)) of about \(MissGroup.number(max(progress.estimated, progress.read)))"
    }

    static func sizeText(_ bytes: Int) -> String {
        if bytes < 10_000 { return "\(bytes)B" }
        if bytes < 10_000_000 { return "\(bytes / 1000)kB" }
        return "\(bytes / 1_000_000)MB"
    }

    /// Marks the first occurrence of the filter in a drawn key.
    private mutating func highlightMatch(in text: String, row: Int, column: Int, limit: Int) {
        let filter = Array(state.list.filter.lowercased())
        guard !filter.isEmpty else { return }
        let characters = Array(text.lowercased())
        guard characters.count == text.count, characters.count >= filter.count else { return }
        for start in 0...(characters.count - filter.count) where Array(characters[start..<start + filter.count]) == filter {
            let prefix = String(text.prefix(start))
            let width = DisplayWidth.of(String(Array(text)[start..<start + filter.count]))
            let from = DisplayWidth.of(prefix)
            grid.restyle(row: row, column: column + from, width: min(width, limit - from), role: .listMatch)
            return
        }
    }

    mutating func drawRecord(in rect: Rect) {
        let focused = state.focus == .record
        guard let view = state.record else {
            grid.box(rect, title: "Record", focused: focused)
            grid.put("no record selected", row: rect.inner.row, column: rect.inner.column + 1,
                     role: .textDim, limit: rect.inner.width - 1)
            return
        }
        var title = view.key.rawValue
        if let typename = view.typename { title += " · \(typename)" }
        if view.exists, view.broken == nil { title += " · \(view.fieldCount) field\(view.fieldCount == 1 ? "" : "s")" }
        grid.box(rect, title: title, focused: focused)
        // The dates a file keeps (Apollo Kotlin 1.0) go in the bottom border: the title is the
        // record's name and would push them off a narrow pane.
        if let dates = view.dates?.text, rect.width > 4, rect.height > 2 {
            grid.put(" \(dates) ", row: rect.row + rect.height - 1, column: rect.column + 1, role: .textDim, limit: rect.width - 2)
        }
        let inner = rect.inner
        guard view.exists else {
            grid.put("\(view.key) does not exist: a dangling reference.", row: inner.row, column: inner.column + 1,
                     role: .valueDangling, limit: inner.width - 1)
            grid.put("\(keyMap.keyName(.back)) goes back.", row: inner.row + 1, column: inner.column + 1, role: .textDim, limit: inner.width - 1)
            return
        }
        if let broken = view.broken {
            drawBroken(broken, in: inner)
            return
        }
        let labelWidth = Self.labelWidth(view, inner: inner)
        for index in view.top..<min(view.rows.count, view.top + inner.height) {
            let y = inner.row + index - view.top
            drawField(view.rows[index], y: y, inner: inner, labelWidth: labelWidth, selected: focused && index == view.selected)
        }
    }

    /// The label column of the record view: as wide as the widest label, up to half the pane.
    static func labelWidth(_ view: RecordViewState, inner: Rect) -> Int {
        min(max(8, inner.width / 2), view.widestLabel + 1)
    }

    private mutating func drawField(_ row: FieldRow, y: Int, inner: Rect, labelWidth: Int, selected: Bool) {
        grid.put(selected ? "›" : " ", row: y, column: inner.column, role: .text)
        let label = String(repeating: " ", count: 2 * row.depth) + row.label
        // A label cut short says so, and keeps a column between it and the value.
        let shown = DisplayWidth.of(label) >= labelWidth ? String(label.prefix(max(0, labelWidth - 2))) + "…" : label
        grid.put(shown, row: y, column: inner.column + 1, role: .fieldName, limit: labelWidth)
        let valueColumn = inner.column + 2 + labelWidth
        let segments = ValueText.segments(row.value, dangling: row.isDangling, expanded: row.isExpanded)
        put(segments, row: y, column: valueColumn, limit: inner.width - labelWidth - 2)
        if selected { grid.restyle(row: y, column: inner.column, width: inner.width, role: .listSelection, keeping: [.valueDangling]) }
    }

    /// A broken row: why it cannot be read, then its text as stored, cut to the pane.
    private mutating func drawBroken(_ row: BrokenRow, in inner: Rect) {
        var lines: [(String, StyleRole)] = [("✗ not a record: \(row.error)", .listBroken), ("\(keyMap.keyName(.delete)) deletes the row.", .textDim), ("", .text)]
        let text = row.text.isEmpty ? "(NULL)" : row.text
        lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { (String($0), StyleRole.text) }
        for (offset, line) in lines.prefix(inner.height).enumerated() {
            grid.put(line.0, row: inner.row + offset, column: inner.column + 1, role: line.1, limit: inner.width - 1)
        }
    }
}
