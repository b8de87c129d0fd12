/// The hint line: the keys that matter in the focused pane, taken from the key map (so a
/// rebound key is hinted as bound), as many as fit the width.
extension Renderer {
    /// What to hint in each pane, in the order shown; `rank` says which stay when the line is
    /// short (0 first), so a narrow terminal still hints help and quit.
    private static func hintedCommands(_ pane: Pane) -> [(command: Command, label: String, rank: Int)] {
        switch pane {
        case .records:
            return [(.help, "help", 0), (.filter, "filter", 1), (.follow, "open", 2), (.delete, "delete", 5),
                    (.inbound, "refs", 6), (.commandLine, "command", 4), (.quit, "quit", 3)]
        case .record:
            return [(.help, "help", 0), (.edit, "edit", 1), (.follow, "follow", 2), (.back, "back", 4),
                    (.delete, "delete", 5), (.inbound, "refs", 6), (.undo, "undo", 7), (.quit, "quit", 3)]
        case .watches:
            return [(.help, "help", 0), (.addWatch, "add watch", 1), (.nextPane, "next pane", 2),
                    (.commandLine, "command", 4), (.quit, "quit", 3)]
        case .query:
            return []
        }
    }

    /// ` ? help  / filter  Enter open …` for the focused pane, as many hints as fit; while an
    /// overlay has the keyboard, the keys it reads.
    func hintLine() -> String {
        switch state.mode {
        case .help: return Self.fit([("j/k scroll", 0), ("any other key closes", 1)], width: state.size.width)
        case .edit: return Self.fit([("Enter save", 0), ("Tab kind", 2), ("Esc cancel", 1)], width: state.size.width)
        case .confirmDelete, .confirmPattern, .confirmGarbage:
            return Self.fit([("y delete", 0), ("any other key cancels", 1)], width: state.size.width)
        case .inbound: return Self.fit([("Enter open", 0), ("j/k move", 1), ("any other key closes", 2)], width: state.size.width)
        default: break
        }
        // The console reads Enter, Tab and Esc itself; they are not in the key map.
        if state.focus == .query { return Self.fit([("Enter run", 0), ("Tab document/variables", 1), ("Esc leave", 2)], width: state.size.width) }
        let pieces = Self.hintedCommands(state.focus).compactMap { hint in
            keyMap.bindings.first { $0.command == hint.command }.map { ("\($0.key) \(hint.label)", hint.rank) }
        }
        return Self.fit(pieces, width: state.size.width)
    }

    /// Keeps the best-ranked pieces that fit in `width - 1` columns, in their given order.
    private static func fit(_ pieces: [(text: String, rank: Int)], width: Int) -> String {
        var kept = Set<Int>()
        var used = 0
        for index in pieces.indices.sorted(by: { pieces[$0].rank < pieces[$1].rank }) {
            let cost = DisplayWidth.of(pieces[index].text) + 2
            if used + cost > width - 1 { continue }
            used += cost
            kept.insert(index)
        }
        return " " + pieces.indices.filter(kept.contains).map { pieces[$0].text }.joined(separator: "  ")
    }
}
