import CacheDiagnostics
import GraphQLCache

/// Overlays drawn over the panes: help, edit, delete confirmations, inbound references.
extension Renderer {
    /// A centred dialog box for `lines`, each wrapped to its width (`TextWrap`): it grows with
    /// them up to the screen, then scrolls, keeping the `selected` line in view and the last
    /// `footer` lines (the keys it reads) pinned at the bottom; the bottom border then says how
    /// many lines are out of view. Returns its inside.
    @discardableResult
    mutating func dialog(title: String, lines: [[(String, StyleRole)]], width wanted: Int, selected: Int? = nil,
                         footer: Int = 0, marksScrolling: Bool = true) -> Rect {
        let width = min(state.size.width, max(wanted, DisplayWidth.of(title) + 6))
        var rows: [(line: Int, pieces: [(String, StyleRole)])] = []
        for (index, line) in lines.enumerated() {
            let wrapped = line.isEmpty ? [[]] : TextWrap.lines(line, width: max(1, width - 4), asciiOnly: state.asciiOnly)
            rows += wrapped.map { (index, $0) }
        }
        let window = DialogWindow(rows: rows.map(\.line), capacity: max(1, state.size.height - 4), selected: selected,
                                  pinned: lines.count - footer)
        let height = min(max(0, state.size.height - 2), window.shown.count + 2)
        let rect = Rect(row: max(0, (state.size.height - 2 - height) / 2), column: max(0, (state.size.width - width) / 2),
                        width: width, height: height)
        grid.fill(rect, role: .dialog)
        grid.box(rect, title: title, focused: true)
        let inner = rect.inner
        for (offset, index) in window.shown.enumerated() where offset < inner.height {
            put(rows[index].pieces, row: inner.row + offset, column: inner.column + 1, limit: inner.width - 2)
            if rows[index].line == selected {
                grid.restyle(row: inner.row + offset, column: inner.column, width: inner.width, role: .listSelection)
            }
        }
        if marksScrolling, let mark = window.mark, DisplayWidth.of(mark) + 4 <= rect.width {
            grid.put(mark, row: rect.row + rect.height - 1, column: rect.column + rect.width - 2 - DisplayWidth.of(mark), role: .borderFocused)
        }
        return inner
    }

    /// Dialogs leave a column of the panes either side, except on narrow screens where every
    /// column counts.
    var dialogWidth: Int { state.size.width < 60 ? state.size.width : min(state.size.width - 2, 72) }

    mutating func drawHelp(top: Int, themeName: String) {
        let help = HelpText(keyMap: keyMap, themeName: themeName, state: state)
        let visible = Array(help.lines.dropFirst(top))
        let scroll = "\(keyMap.keyName(.moveDown))/\(keyMap.keyName(.moveUp))"
        let inner = dialog(title: "Help · \(scroll) scroll · others close", lines: visible, width: help.width, marksScrolling: false)
        // Say that there is more below, on the bottom border, so the list does not look complete.
        if visible.count > inner.height, inner.width > 12 {
            grid.put(" \(keyMap.keyName(.moveDown)): more ↓ ", row: inner.row + inner.height, column: inner.column + inner.width - 12, role: .borderFocused)
        }
    }

    mutating func drawEdit(_ edit: EditDialog) {
        var kinds = EditKind.allCases.map { kind in
            kind == edit.kind ? ("[\(kind.rawValue)]", StyleRole.helpKey) : (" \(kind.rawValue) ", StyleRole.dialog)
        }
        let room = dialogWidth - 4
        // Too narrow for every kind: the current one, and how to change it.
        if kinds.reduce(6, { $0 + DisplayWidth.of($1.0) }) > room {
            kinds = [("[\(edit.kind.rawValue)]", .helpKey), (" Tab: next kind", .textDim)]
        }
        var lines: [[(String, StyleRole)]] = [
            [("kind: ", .dialog)] + kinds,
            [],
            [("> ", .helpKey)] + (edit.kind == .null ? [("null", .text)] : Self.lineSegments(edit.input, room: dialogWidth - 6)),
            [],
        ]
        if let error = edit.error { lines.append([(error, .statusError)]) }
        lines.append([(hint(for: edit.kind), .textDim)])
        let keys = "Enter saves · Tab changes kind · Esc cancels"
        if DisplayWidth.of(keys) <= room {
            lines.append([(keys, .textDim)])
        } else {
            lines.append([("Enter saves · Esc cancels", .textDim)])
        }
        dialog(title: "Edit \(edit.field)", lines: lines, width: dialogWidth, footer: 1)
    }

    private func hint(for kind: EditKind) -> String {
        switch kind {
        case .string: return "text as typed, no quotes"
        case .int: return "a whole number, e.g. 42"
        case .float: return "a number, e.g. 1.72"
        case .bool: return "true or false"
        case .null: return "the field becomes null"
        case .reference: return "the key of an existing record, e.g. Droid:2001"
        case .json: return "a JSON list or object; {\"$reference\":\"KEY\"} is a reference"
        }
    }

    mutating func drawConfirmDelete(_ key: CacheKey) {
        var lines: [[(String, StyleRole)]] = [
            [("Delete ", .dialog), (key.rawValue, .keyRoot), ("?", .dialog)],
            [("References to it will dangle; nothing else is deleted.", .textDim)],
        ]
        let watches = state.watches.filter { $0.dependencies.contains(record: key) }.map(\.name)
        if let line = Self.watchImpact(watches, network: state.watchesUseNetwork) { lines.append(line) }
        lines.append([])
        lines.append([("y", .helpKey), (" deletes · any other key keeps it · \(keyMap.keyName(.undo)) undoes", .dialog)])
        dialog(title: "Delete record", lines: lines, width: dialogWidth, footer: 1)
    }

    /// What deleting does to the watches that read the records: with a network they refetch
    /// (and write), without one they show the miss.
    static func watchImpact(_ watches: [String], network: Bool) -> [(String, StyleRole)]? {
        guard !watches.isEmpty else { return nil }
        let names = watches.joined(separator: ", ")
        return network ? [("watches \(names) will refetch from the network and write; undo takes both back", .statusError)]
            : [("watches \(names) will show the miss (no network)", .textDim)]
    }

    mutating func drawWatchEditor(_ editor: WatchEditor) {
        var lines: [[(String, StyleRole)]] = [
            [("query     ", editor.editingVariables ? .textDim : .helpKey), (editor.document.text + (editor.editingVariables ? "" : "█"), .text)],
            [("variables ", editor.editingVariables ? .helpKey : .textDim), (editor.variables.text + (editor.editingVariables ? "█" : ""), .text)],
            [],
        ]
        if let error = editor.error { lines.append([(error, .statusError)]) }
        lines.append([(editor.isNew ? "Enter watches · Tab document/variables · Esc cancels"
                       : "Enter saves · Tab document/variables · Esc cancels", .textDim)])
        dialog(title: editor.isNew ? "Watch with variables" : "Edit watch \(editor.name)", lines: lines, width: dialogWidth, footer: 1)
    }

    mutating func drawPatternPreview(_ preview: PatternPreview) {
        var lines: [[(String, StyleRole)]] = [
            [("\(MissGroup.number(preview.count)) record\(preview.count == 1 ? " contains" : "s contain") \"\(preview.pattern)\":", .dialog)],
        ]
        lines += preview.sample.map { [("  " + $0.rawValue, StyleRole.text)] }
        if preview.count > preview.sample.count {
            lines.append([("  … and \(MissGroup.number(preview.count - preview.sample.count)) more", .textDim)])
        }
        lines.append([])
        let refs = preview.danglingCount == 0 ? "no references would dangle"
            : "\(MissGroup.number(preview.danglingCount)) reference\(preview.danglingCount == 1 ? "" : "s") would dangle:"
        lines.append([(refs, preview.danglingCount == 0 ? .textDim : .statusError)])
        lines += preview.danglingReferences.map { [("  " + $0, StyleRole.valueDangling)] }
        if preview.danglingCount > preview.danglingReferences.count {
            lines.append([("  … and \(MissGroup.number(preview.danglingCount - preview.danglingReferences.count)) more", .textDim)])
        }
        lines.append(Self.watchImpact(preview.affectedWatches, network: state.watchesUseNetwork) ?? [("no watch is affected", .textDim)])
        lines.append([])
        lines.append([("y", .helpKey), (" deletes them all · any other key cancels · \(keyMap.keyName(.undo)) undoes", .dialog)])
        dialog(title: "Delete by pattern", lines: lines, width: dialogWidth, footer: 1)
    }

    mutating func drawGarbage(_ keys: [CacheKey]) {
        var lines: [[(String, StyleRole)]] = [
            [("\(MissGroup.number(keys.count)) record\(keys.count == 1 ? " is" : "s are") unreachable from the roots:", .dialog)],
        ]
        lines += keys.prefix(Explorer.previewSampleSize).map { [("  " + $0.rawValue, StyleRole.text)] }
        if keys.count > Explorer.previewSampleSize {
            lines.append([("  … and \(MissGroup.number(keys.count - Explorer.previewSampleSize)) more", .textDim)])
        }
        lines.append([])
        lines.append([("y", .helpKey), (" deletes them · any other key cancels · \(keyMap.keyName(.undo)) undoes", .dialog)])
        dialog(title: "Garbage collection", lines: lines, width: dialogWidth, footer: 1)
    }

    /// Unsaved in-memory changes, before quitting or (`opening`) replacing the data with a file.
    mutating func drawConfirmQuit(unsavedChanges: Int, opening path: String? = nil) {
        let changes = unsavedChanges == 1 ? "1 change" : "\(unsavedChanges) changes"
        let leaving = path.map { "opening \($0)" } ?? "quitting"
        let lines: [[(String, StyleRole)]] = [
            [("\(changes) to ", .dialog), (state.sourceName, .keyRoot), (" live only in memory;", .dialog)],
            [("\(leaving) loses them. ", .dialog), (":export FILE", .helpKey), (" saves them first.", .dialog)],
            [],
            [("y", .helpKey), (path == nil ? " quits anyway" : " opens it anyway", .dialog), (" · any other key stays", .dialog)],
        ]
        dialog(title: "Unsaved changes", lines: lines, width: dialogWidth, footer: 1)
    }

    mutating func drawInbound(_ list: InboundList) {
        var lines: [[(String, StyleRole)]] = []
        if list.references.isEmpty {
            lines.append([("nothing refers to \(list.target)", .textDim)])
        }
        for (index, reference) in list.references.enumerated() {
            let marker = index == list.selected ? "› " : "  "
            lines.append([(marker, .text), (reference.record.rawValue, .valueReference), (" . " + reference.place.text, .fieldName)])
        }
        lines.append([("\(keyMap.keyName(.follow)) opens the referrer at the reference · \(keyMap.keyName(.cancel)) closes", .textDim)])
        let title = "\(MissGroup.number(list.references.count)) inbound to \(list.target)"
        dialog(title: title, lines: lines, width: dialogWidth, selected: list.references.isEmpty ? nil : list.selected, footer: 1)
    }
}

extension Renderer {
    /// Findings are sentences with examples: the dialog is as wide as the longest needs, up to
    /// the screen's, and wraps what is wider still.
    mutating func drawLint(_ list: LintList) {
        var lines: [[(String, StyleRole)]] = []
        for (index, row) in list.rows.enumerated() {
            lines.append([(index == list.selected ? "› " : "  ", .text), (row.text, row.role)])
        }
        let view = keyMap.keyName(.view)
        lines.append([("\(keyMap.keyName(.follow)) opens the selected record or finding · \(view) views a finding whole · "
                       + "\(keyMap.keyName(.cancel)) closes", .textDim)])
        let widest = lines.map { $0.reduce(0) { $0 + DisplayWidth.of($1.0) } }.max() ?? 0
        let width = max(dialogWidth, min(state.size.width - 2, widest + 4))
        dialog(title: "lint: \(list.findingCount) finding\(list.findingCount == 1 ? "" : "s")", lines: lines, width: width,
               selected: list.rows.indices.contains(list.selected) ? list.selected : nil, footer: 1)
    }
}
