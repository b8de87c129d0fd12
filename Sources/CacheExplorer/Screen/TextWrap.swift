/// The one way the explorer fits text into columns: messages, diagnoses and their fixes, lint
/// findings, console lines, dialog lines and the pager all wrap here, so nothing is cut at a
/// pane's edge without a way to read it. Widths are display columns (`DisplayWidth`: a CJK
/// character takes two, a combining mark none) of the text as the grid shows it
/// (`VisibleText`: a tab is `\t`), so a wrapped line never runs past its width.
package enum TextWrap {
    /// `text` as lines of at most `width` columns: a line break in the text starts a new line,
    /// lines break at spaces, a word wider than `width` is cut (between characters, never inside
    /// a wide one), and continuation lines keep the indentation of their line (when that leaves
    /// half the width), so an indented `fix:` still reads as part of its finding.
    package static func lines(_ text: String, width: Int, asciiOnly: Bool = false) -> [String] {
        // A line that fits as shown is itself: the console draws a thousand such lines a frame,
        // and breaking each into characters cost 7 µs a line.
        if !text.utf8.contains(UInt8(ascii: "\n")) {
            let shown = VisibleText.shown(text, asciiOnly: asciiOnly)
            if columns(shown) <= max(1, width) { return [shown] }
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            let characters = Array(VisibleText.shown(String(paragraph), asciiOnly: asciiOnly))
            return breaks(characters, width: width).map { String(characters[$0.range]).withIndent($0.indent) }
        }
    }

    /// At least the columns `shown` (text as `VisibleText` shows it) takes, counted by scalar
    /// rather than by character: a character's later scalars add to the sum but not to its
    /// width, so a sum that fits means the text fits, without finding character boundaries.
    private static func columns(_ shown: String) -> Int {
        if shown.utf8.allSatisfy({ $0 < 0x80 }) { return shown.utf8.count }
        return shown.unicodeScalars.reduce(0) { $0 + DisplayWidth.of($1) }
    }

    /// A line of styled pieces wrapped like `lines`: each output line keeps the roles of the
    /// characters it holds.
    package static func lines(_ pieces: [(String, StyleRole)], width: Int, asciiOnly: Bool = false) -> [[(String, StyleRole)]] {
        var characters: [Character] = []
        var roles: [StyleRole] = []
        for (text, role) in pieces {
            let shown = Array(VisibleText.shown(text, asciiOnly: asciiOnly))
            characters += shown
            roles += Array(repeating: role, count: shown.count)
        }
        return breaks(characters, width: width).map { line in
            var out: [(String, StyleRole)] = line.indent > 0 ? [(String(repeating: " ", count: line.indent), .text)] : []
            for index in line.range {
                if let last = out.last, last.1 == roles[index], !(line.indent > 0 && out.count == 1) {
                    out[out.count - 1].0.append(characters[index])
                } else {
                    out.append((String(characters[index]), roles[index]))
                }
            }
            return out
        }
    }

    /// `text` in at most `width` columns: whole when it fits, else cut with `…` as its last
    /// column, so a cut line always says it was cut.
    package static func fit(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        guard DisplayWidth.of(text) > width else { return text }
        var out = ""
        var used = 0
        for character in text {
            let columns = DisplayWidth.of(character)
            if used + columns > width - 1 { break }
            out.append(character)
            used += columns
        }
        return out + "…"
    }

    /// One output line: the characters it takes and the indentation put before them.
    struct Line: Equatable {
        var range: Range<Int>
        var indent: Int
    }

    /// Where `characters` break into lines of at most `width` columns (see `lines`).
    static func breaks(_ characters: [Character], width: Int) -> [Line] {
        let width = max(1, width)
        let leading = characters.prefix { $0 == " " }.count
        let indent = leading * 2 <= width ? leading : 0
        var lines: [Line] = []
        var start = 0
        while true {
            let room = lines.isEmpty ? width : width - indent
            let (end, next) = lineEnd(characters, from: start, room: room)
            lines.append(Line(range: start..<end, indent: lines.isEmpty ? 0 : indent))
            guard next < characters.count else { return lines }
            start = next
        }
    }

    /// The end of the line starting at `start` in `room` columns, and where the next one starts
    /// (after the spaces the break swallows).
    private static func lineEnd(_ characters: [Character], from start: Int, room: Int) -> (end: Int, next: Int) {
        var used = 0
        var index = start
        var lastSpace: Int?
        while index < characters.count {
            let columns = DisplayWidth.of(characters[index])
            if used + columns > room { break }
            if characters[index] == " ", index > start { lastSpace = index }
            used += columns
            index += 1
        }
        guard index < characters.count else { return (index, index) }
        if characters[index] == " " { return (trimmedEnd(characters, start: start, end: index), skipSpaces(characters, from: index)) }
        if let lastSpace, characters[start..<lastSpace].contains(where: { $0 != " " }) {
            return (trimmedEnd(characters, start: start, end: lastSpace), skipSpaces(characters, from: lastSpace))
        }
        // A word wider than the room: cut it (one character at least, so the loop moves on).
        return (max(index, start + 1), max(index, start + 1))
    }

    private static func skipSpaces(_ characters: [Character], from index: Int) -> Int {
        var index = index
        while index < characters.count, characters[index] == " " { index += 1 }
        return index
    }

    private static func trimmedEnd(_ characters: [Character], start: Int, end: Int) -> Int {
        var end = end
        while end > start, characters[end - 1] == " " { end -= 1 }
        return end
    }
}

private extension String {
    func withIndent(_ columns: Int) -> String {
        columns > 0 ? String(repeating: " ", count: columns) + self : self
    }
}
