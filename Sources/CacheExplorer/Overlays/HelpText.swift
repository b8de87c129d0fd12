/// The help overlay's text, laid out for a screen: the key table (generated from the key map,
/// so it cannot drift), the `:` commands (from `LineCommand`) and the mouse; what the state
/// refuses (read-only, nothing to undo) is greyed out with its reason. The overlay is as wide as its longest
/// line wants, up to the screen; a description that still does not fit wraps under itself
/// rather than being cut, so a 40-column terminal shows every word.
struct HelpText {
    /// The overlay's width, borders included.
    let width: Int
    /// The lines, each a run of styled pieces, already wrapped to fit inside the overlay.
    let lines: [[(String, StyleRole)]]

    /// One entry before wrapping: a left column (keys, or a command's usage) and its description.
    private struct Entry {
        var left: String
        var leftRole: StyleRole
        var text: String
        var textRole: StyleRole
    }

    init(keyMap: KeyMap, themeName: String, state: ExplorerState) {
        let screen = state.size
        let entries = Self.entries(keyMap: keyMap, themeName: themeName, state: state, keyWidthLimit: min(screen.width - 2, 72) / 2)
        let widest = entries.map { DisplayWidth.of($0.left) + DisplayWidth.of($0.text) }.max() ?? 0
        width = min(screen.width, max(min(screen.width - 2, 72), widest + 4))
        let room = max(1, width - 4)
        lines = entries.flatMap { Self.wrap($0, room: room) }
    }

    private static func entries(keyMap: KeyMap, themeName: String, state: ExplorerState, keyWidthLimit: Int) -> [Entry] {
        let rows = keyMap.helpRows
        let keyWidth = min(keyWidthLimit, rows.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        var entries = rows.map { row in
            let pad = String(repeating: " ", count: max(1, keyWidth + 2 - DisplayWidth.of(row.keys)))
            guard let reason = state.disabledReason(for: row.command) else {
                return Entry(left: row.keys + pad, leftRole: .helpKey, text: row.description, textRole: .text)
            }
            return Entry(left: row.keys + pad, leftRole: .hintDisabled, text: "\(row.description) (\(reason.label))", textRole: .hintDisabled)
        }
        entries.append(Entry(left: "", leftRole: .text, text: "", textRole: .text))
        entries.append(Entry(left: "", leftRole: .text, text: "Commands", textRole: .title))
        let usageWidth = LineCommand.allCases.map { DisplayWidth.of($0.usage) }.max() ?? 0
        for command in LineCommand.allCases {
            let left = command.usage + String(repeating: " ", count: usageWidth + 2 - DisplayWidth.of(command.usage))
            let reason = state.disabledReason(for: command)
            entries.append(Entry(left: left, leftRole: reason == nil ? .text : .hintDisabled,
                                 text: command.summary(keys: keyMap) + (reason.map { " (\($0.label))" } ?? ""),
                                 textRole: reason == nil ? .text : .hintDisabled))
        }
        entries.append(Entry(left: "", leftRole: .text, text: "", textRole: .text))
        entries.append(Entry(left: "", leftRole: .text, text: "Filter (\(keyMap.keyName(.filter))): text in the key, type:NAME or re:PATTERN.",
                             textRole: .textDim))
        entries.append(Entry(left: "", leftRole: .text,
                             text: "Mouse: click selects, double click opens, wheel scrolls. Theme: \(themeName).", textRole: .textDim))
        return entries
    }

    /// The entry on one line, or its text wrapped at spaces under itself (the left column blank
    /// on continuation lines); a left column wider than half the room moves the text below it.
    private static func wrap(_ entry: Entry, room: Int) -> [[(String, StyleRole)]] {
        let leftWidth = DisplayWidth.of(entry.left)
        guard leftWidth + DisplayWidth.of(entry.text) > room else {
            return [entry.left.isEmpty ? [(entry.text, entry.textRole)] : [(entry.left, entry.leftRole), (entry.text, entry.textRole)]]
        }
        let indent = leftWidth * 2 <= room ? leftWidth : 2
        var lines: [[(String, StyleRole)]] = []
        var pieces = lineBreaks(entry.text, room: room - indent)
        if indent < leftWidth {
            lines.append([(entry.left, entry.leftRole)])
        } else {
            lines.append([(entry.left, entry.leftRole), (pieces.removeFirst(), entry.textRole)])
        }
        let pad = String(repeating: " ", count: indent)
        lines.append(contentsOf: pieces.map { [(pad, StyleRole.text), ($0, entry.textRole)] })
        return lines
    }

    /// `text` cut into lines of at most `room` columns at spaces (a longer word is cut).
    private static func lineBreaks(_ text: String, room: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if DisplayWidth.of(candidate) <= room {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            var rest = String(word)
            while DisplayWidth.of(rest) > room {
                lines.append(String(rest.prefix(room)))
                rest = String(rest.dropFirst(room))
            }
            line = rest
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
