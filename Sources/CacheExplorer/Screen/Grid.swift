/// A screen's worth of cells: what `render` produces and terminals draw. Pure data, so tests
/// compare its `text` with golden files and the harness returns it.
package struct Grid: Hashable, Sendable {
    /// Columns and rows.
    package let size: Size
    /// Row-major cells.
    package private(set) var cells: [Cell]
    /// Whether text is written for a terminal that shows ASCII only (`VisibleText`).
    package var asciiOnly = false

    package init(size: Size) {
        self.size = size
        cells = Array(repeating: .blank, count: size.width * size.height)
    }

    package subscript(row: Int, column: Int) -> Cell {
        cells[row * size.width + column]
    }

    /// Writes `text` from `row`, `column`, stopping at `limit` columns (default: the row's end).
    /// Text that does not fit ends with `…` in its last column, so a cut line always says so; a
    /// character that would not show is written as its escape (`VisibleText`). Returns the
    /// columns used.
    @discardableResult
    package mutating func put(_ text: String, row: Int, column: Int, role: StyleRole = .text, limit: Int? = nil) -> Int {
        guard row >= 0, row < size.height, column >= 0 else { return 0 }
        let end = min(size.width, column + (limit ?? size.width))
        if let used = putPrintableASCII(text, row: row, column: column, end: end, role: role) { return used }
        var col = column
        var lastStart: Int?
        for character in VisibleText.shown(text, asciiOnly: asciiOnly) {
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if col + width > end {
                return markCut(row: row, column: column, at: col, lastStart: lastStart, end: end, role: role)
            }
            set(row, col, Cell(character, width: width, role: role))
            if width == 2 { set(row, col + 1, Cell(" ", width: 0, role: role)) }
            lastStart = col
            col += width
        }
        return col - column
    }

    /// `put` for text of printable ASCII alone (most of a screen: keys, field names, numbers),
    /// byte by byte: each byte is one character one column wide that shows as itself, so the
    /// walk through characters, escapes and widths is skipped. Nil for any other text.
    private mutating func putPrintableASCII(_ text: String, row: Int, column: Int, end: Int, role: StyleRole) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            guard bytes.allSatisfy({ (0x20..<0x7F).contains($0) }) else { return nil }
            var col = column
            for byte in bytes {
                if col + 1 > end {
                    return markCut(row: row, column: column, at: col, lastStart: col > column ? col - 1 : nil, end: end, role: role)
                }
                set(row, col, Cell(ascii: byte, role: role))
                col += 1
            }
            return col - column
        }
    }

    /// Puts `…` where text written from `column` was cut at `col` (its last character started at
    /// `lastStart`): in the free column if there is one, else over the last character.
    private mutating func markCut(row: Int, column: Int, at col: Int, lastStart: Int?, end: Int, role: StyleRole) -> Int {
        guard end > column else { return 0 }
        let mark = col < end ? col : (lastStart ?? column)
        set(row, mark, Cell("…", role: role))
        for blank in (mark + 1)..<max(mark + 1, end) { set(row, blank, Cell(" ", role: role)) }
        return end - column
    }

    /// Paints every cell of `rect` blank with `role`.
    package mutating func fill(_ rect: Rect, role: StyleRole) {
        for r in max(0, rect.row)..<min(size.height, rect.row + rect.height) {
            for c in max(0, rect.column)..<min(size.width, rect.column + rect.width) {
                set(r, c, Cell(" ", role: role))
            }
        }
    }

    /// Gives every cell of a row span a new role, keeping its character (selection bars);
    /// cells whose role is in `keeping` keep it too (a dangling mark stays visible under the
    /// selection).
    package mutating func restyle(row: Int, column: Int, width: Int, role: StyleRole, keeping: Set<StyleRole> = []) {
        guard row >= 0, row < size.height else { return }
        for c in max(0, column)..<min(size.width, column + width) where !keeping.contains(cells[row * size.width + c].role) {
            cells[row * size.width + c].role = role
        }
    }

    /// Draws a box border with an optional title in the top edge.
    package mutating func box(_ rect: Rect, title: String, focused: Bool) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let role: StyleRole = focused ? .borderFocused : .border
        let right = rect.column + rect.width - 1, bottom = rect.row + rect.height - 1
        for c in rect.column...right {
            putBorder("─", row: rect.row, column: c, role: role)
            putBorder("─", row: bottom, column: c, role: role)
        }
        for r in rect.row...bottom {
            putBorder("│", row: r, column: rect.column, role: role)
            putBorder("│", row: r, column: right, role: role)
        }
        putBorder("┌", row: rect.row, column: rect.column, role: role)
        putBorder("┐", row: rect.row, column: right, role: role)
        putBorder("└", row: bottom, column: rect.column, role: role)
        putBorder("┘", row: bottom, column: right, role: role)
        if !title.isEmpty, rect.width > 4 {
            put(" \(title) ", row: rect.row, column: rect.column + 1,
                role: focused ? .titleFocused : .title, limit: rect.width - 2)
        }
    }

    /// Writes one box-drawing character (one column wide, shown as itself even on an ASCII-only
    /// terminal, `VisibleText.isInterfaceSymbol`) as `put` would, without `put`'s walk through
    /// the text: a frame's borders are a thousand cells, and `put` made them a third of a frame.
    private mutating func putBorder(_ character: Character, row: Int, column: Int, role: StyleRole) {
        guard row >= 0, row < size.height, column >= 0, column < size.width else { return }
        set(row, column, Cell(character, role: role))
    }

    /// The screen as text, one line per row with trailing spaces trimmed: what golden files hold.
    package var text: String {
        var lines: [String] = []
        lines.reserveCapacity(size.height)
        for row in 0..<size.height {
            var line = ""
            for column in 0..<size.width {
                let cell = self[row, column]
                if cell.width > 0 { line.append(cell.character) }
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    private mutating func set(_ row: Int, _ column: Int, _ cell: Cell) {
        guard column < size.width else { return }
        let index = row * size.width + column
        // Overwriting half of a wide character blanks its other half.
        if cells[index].width == 0, column > 0 { cells[index - 1] = Cell(" ", role: cells[index - 1].role) }
        if cells[index].width == 2, column + 1 < size.width { cells[index + 1] = Cell(" ", role: cells[index + 1].role) }
        cells[index] = cell
    }
}
