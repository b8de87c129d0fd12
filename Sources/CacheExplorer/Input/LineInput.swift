/// A one-line text input (filter, command line, patterns, the edit dialog, the console): the
/// text, where the cursor is, and where the user is while recalling the prompt's history.
package struct LineInput: Hashable, Sendable {
    package private(set) var text: String
    /// Characters before the cursor, `0...count`.
    package private(set) var cursor: Int
    /// Characters in `text`, kept so that typing at the end never walks the text.
    package private(set) var count: Int
    /// The history entry shown while recalling (Up/Down), nil while editing.
    package private(set) var recalled: Int?
    /// What was typed before recalling started, given back by Down past the newest entry.
    package private(set) var draft = ""

    /// `text` with the cursor at its end.
    package init(_ text: String = "") {
        self.text = text
        count = text.count
        cursor = count
    }

    /// `text` with the cursor after `cursor` characters.
    package init(_ text: String, cursor: Int) {
        self.text = text
        count = text.count
        self.cursor = max(0, min(cursor, count))
    }

    private var cursorIndex: String.Index { text.index(text.startIndex, offsetBy: cursor) }
    private var atEnd: Bool { cursor == count }

    /// Inserts `typed` at the cursor and moves past it. At the end (typing, pasting) it costs
    /// what `typed` costs, however long the text; a character that joins the one before it (a
    /// combining accent) is counted as the text now counts it.
    package mutating func insert(_ typed: String) {
        guard !typed.isEmpty else { return }
        recalled = nil
        guard atEnd else {
            text.insert(contentsOf: typed, at: cursorIndex)
            let before = count
            count = text.count
            cursor += count - before
            return
        }
        let lastStart = text.isEmpty ? nil : text.index(before: text.endIndex)
        text.append(contentsOf: typed)
        let added = lastStart.map { text[$0...].count - 1 } ?? text.count
        count += added
        cursor = count
    }

    /// Backspace: removes the character before the cursor.
    package mutating func deleteBackward() {
        guard cursor > 0 else { return }
        if atEnd { text.removeLast() } else { text.remove(at: text.index(before: cursorIndex)) }
        cursor -= 1
        count -= 1
    }

    /// Delete: removes the character under the cursor.
    package mutating func deleteForward() {
        guard !atEnd else { return }
        text.remove(at: cursorIndex)
        count -= 1
    }

    /// C-w: removes the word before the cursor (and the spaces after it).
    package mutating func deleteWordBackward() {
        let before = text[..<cursorIndex]
        let kept = before.dropLast(before.reversed().prefix { $0 == " " }.count)
        let word = kept.reversed().prefix { $0 != " " }.count
        let start = text.index(cursorIndex, offsetBy: -(before.count - kept.count + word))
        let removed = text.distance(from: start, to: cursorIndex)
        text.removeSubrange(start..<cursorIndex)
        cursor -= removed
        count -= removed
    }

    /// C-u: removes everything before the cursor.
    package mutating func deleteToStart() {
        text.removeSubrange(..<cursorIndex)
        count -= cursor
        cursor = 0
    }

    /// C-k: removes everything from the cursor on.
    package mutating func deleteToEnd() {
        text.removeSubrange(cursorIndex...)
        count = cursor
    }

    /// Moves the cursor by `offset` characters, staying inside the text.
    package mutating func moveCursor(by offset: Int) { cursor = max(0, min(cursor + offset, count)) }

    /// Home / C-a: the cursor before the first character.
    package mutating func moveCursorToStart() { cursor = 0 }
    /// End / C-e: the cursor after the last character.
    package mutating func moveCursorToEnd() { cursor = count }

    /// Up (`older`) or Down through `history` (oldest first): shows an entry with the cursor at
    /// its end; Down past the newest gives back what was being typed.
    package mutating func recall(older: Bool, from history: [String]) {
        guard !history.isEmpty else { return }
        if recalled == nil { draft = text }
        let position = (recalled ?? history.count) + (older ? -1 : 1)
        if position >= history.count {
            text = draft
            recalled = nil
        } else {
            recalled = max(0, position)
            text = history[max(0, position)]
        }
        count = text.count
        cursor = count
    }
}
