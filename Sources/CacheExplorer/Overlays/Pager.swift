import GraphQLCache

/// The pager ("view whole"): any text the panes cut — a long value, a record, a diagnosis, a
/// lint finding, a console report — shown whole over the screen, wrapped to its width
/// (`TextWrap`), scrolling like `less`, with `/` search. The text is wrapped once per width
/// and kept, so a key press on a large record's JSON only moves `top`.
package struct Pager: Hashable, Sendable {
    /// What the pager shows, for toggles: `J` closes the JSON view it opened.
    package enum Content: Hashable, Sendable {
        case text
        case recordJSON(CacheKey)
    }

    /// The title on the top border (`Droid:2001 · name`).
    package var title: String
    /// The text whole, as given (`E` hands exactly this to `$PAGER`).
    package var text: String
    package var content: Content
    /// `text` wrapped to `width` columns: what is drawn.
    package private(set) var rows: [String]
    /// The columns `rows` were wrapped to.
    package private(set) var width: Int
    /// The first row shown.
    package var top = 0
    /// The last search (`/`) and the rows holding it, in order.
    package var search = ""
    package private(set) var matches: [Int] = []
    /// The search being typed, while `/` has the keyboard.
    package var searchInput: LineInput?
    /// Whether `$PAGER` or `$EDITOR` is set, so that `E` can hand the text over (its hint
    /// says so when not).
    package var hasViewer = false
    /// The lint list it was opened from: closing the pager goes back to it.
    package var lint: LintList?

    package init(title: String, text: String, content: Content = .text, width: Int) {
        self.title = title
        self.text = text
        self.content = content
        self.width = max(1, width)
        rows = TextWrap.lines(text, width: max(1, width))
    }

    /// Re-wraps for a new width, keeping the row shown at the top near the same text.
    package mutating func rewrap(width newWidth: Int) {
        let newWidth = max(1, newWidth)
        guard newWidth != width else { return }
        let fraction = rows.isEmpty ? 0 : Double(top) / Double(rows.count)
        width = newWidth
        rows = TextWrap.lines(text, width: newWidth)
        top = Int(fraction * Double(rows.count))
        find(search)
    }

    /// Scrolls so that `row` is the top row, within bounds for a window of `height` rows.
    package mutating func scroll(to row: Int, height: Int) {
        top = max(0, min(row, rows.count - max(1, height)))
    }

    /// Finds the rows holding `query` (case-insensitive); an empty query clears the search.
    package mutating func find(_ query: String) {
        search = query
        guard !query.isEmpty else { matches = []; return }
        let needle = query.lowercased()
        matches = rows.indices.filter { rows[$0].lowercased().contains(needle) }
    }

    /// The next match after the top row (`forward`), or the last one before it; wraps around.
    package func nextMatch(forward: Bool) -> Int? {
        guard !matches.isEmpty else { return nil }
        if forward { return matches.first { $0 > top } ?? matches.first }
        return matches.last { $0 < top } ?? matches.last
    }
}
