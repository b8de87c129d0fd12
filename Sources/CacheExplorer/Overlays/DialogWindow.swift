/// Which wrapped rows of a dialog are shown when they do not all fit: the last lines (the keys
/// the dialog reads) stay pinned at the bottom, the rest scrolls so that the selected line is
/// in view, and a mark for the border says how many rows are out of view above and below.
struct DialogWindow {
    /// Indices of the rows shown, top to bottom.
    let shown: [Int]
    /// `↑ 2 · 5 more ↓` when rows are out of view, else nil.
    let mark: String?

    /// `rows` holds each wrapped row's line index; lines from `pinned` on are the footer.
    init(rows: [Int], capacity: Int, selected: Int?, pinned: Int) {
        guard rows.count > capacity else {
            shown = Array(rows.indices)
            mark = nil
            return
        }
        let footer = rows.indices.filter { rows[$0] >= pinned }
        let body = rows.indices.filter { rows[$0] < pinned }
        let room = max(1, capacity - footer.count)
        var start = 0
        if let selected, let first = body.firstIndex(where: { rows[$0] == selected }) {
            let last = body.lastIndex { rows[$0] == selected } ?? first
            start = max(0, min(first, last - room + 1))
            // A selection low in the list sits at the bottom, not at the top, of the window.
            start = min(start, max(0, body.count - room))
            if last >= start + room { start = last - room + 1 }
        }
        let end = min(body.count, start + room)
        shown = Array(body[start..<end]) + footer.prefix(max(0, capacity - (end - start)))
        let above = start, below = body.count - end
        mark = above + below == 0 ? nil : " " + [above > 0 ? "↑ \(above)" : nil, below > 0 ? "\(below) more ↓" : nil]
            .compactMap { $0 }.joined(separator: " · ") + " "
    }
}
