/// How a line input is drawn: the part of its text around the cursor that fits, and the cursor.
/// The work is the columns shown (plus finding the cursor), never the whole text again and
/// again, so a 100,000-character filter draws as fast as a short one.
extension Renderer {
    /// `input` in `room` columns: text before the cursor (as much as fits, so the end of a long
    /// input stays in view while typing), the cursor (a block at the end, the character under
    /// it in `input.cursor` elsewhere), then the text after it that still fits. `cursor: false`
    /// draws an inactive input: the same window, no cursor.
    static func lineSegments(_ input: LineInput, room: Int, cursor showCursor: Bool = true) -> [(String, StyleRole)] {
        guard room > 0 else { return [] }
        let text = input.text
        let cursor = text.index(text.startIndex, offsetBy: input.cursor)
        let atEnd = cursor == text.endIndex
        let under: String = atEnd ? "█" : String(text[cursor])
        var budget = room - (showCursor ? DisplayWidth.of(under) : 0)
        var start = cursor
        while start > text.startIndex {
            let previous = text.index(before: start)
            let width = DisplayWidth.of(text[previous])
            if width > budget { break }
            budget -= width
            start = previous
        }
        let afterCursor = atEnd ? cursor : text.index(after: cursor)
        var end = showCursor ? afterCursor : cursor
        while end < text.endIndex {
            let width = DisplayWidth.of(text[end])
            if width > budget { break }
            budget -= width
            end = text.index(after: end)
        }
        var segments: [(String, StyleRole)] = [(String(text[start..<cursor]), .text)]
        if showCursor {
            segments.append((under, atEnd ? .text : .inputCursor))
            segments.append((String(text[afterCursor..<end]), .text))
        } else {
            segments.append((String(text[cursor..<end]), .text))
        }
        return segments
    }
}
