/// The hint line: the keys that matter in the focused pane, taken from the key map (so a
/// rebound key is hinted as bound), as many as fit the width. A command the state refuses
/// (`ExplorerState.disabledReason`) keeps its place, greyed out.
extension Renderer {
    /// One hint: the key, what it does, which stay when the line is short (0 first), and
    /// whether it is greyed out.
    struct Hint {
        var key: String
        var label: String
        var rank: Int
        var disabled = false
    }

    /// What to hint in each pane, in the order shown, with their ranks: a narrow terminal keeps
    /// help and quit, then undo, watch and query, then the rest.
    private static func hintedCommands(_ pane: Pane) -> [(command: Command, rank: Int)] {
        switch pane {
        case .records:
            return [(.help, 0), (.filter, 2), (.follow, 8), (.delete, 6), (.deleteByPattern, 7), (.undo, 3),
                    (.addWatch, 4), (.queryConsole, 5), (.inbound, 9), (.commandLine, 10), (.quit, 1)]
        case .record:
            return [(.help, 0), (.edit, 2), (.follow, 4), (.back, 9), (.delete, 5), (.deleteByPattern, 8), (.undo, 3),
                    (.addWatch, 6), (.queryConsole, 7), (.inbound, 10), (.quit, 1)]
        case .watches:
            return [(.help, 0), (.follow, 2), (.refetch, 3), (.addWatch, 4), (.edit, 5), (.delete, 6), (.nextPane, 7),
                    (.queryConsole, 8), (.commandLine, 9), (.quit, 1)]
        case .query:
            return []
        }
    }

    /// The hints for the focused pane, or while an overlay has the keyboard, the keys it reads.
    func hints() -> [Hint] {
        switch state.mode {
        case .help:
            return [Hint(key: "\(keyMap.keyName(.moveDown))/\(keyMap.keyName(.moveUp))", label: "scroll", rank: 0),
                    Hint(key: "any other key", label: "closes", rank: 1)]
        case .edit:
            return [Hint(key: "Enter", label: "save", rank: 0), Hint(key: "Tab", label: "kind", rank: 2),
                    Hint(key: "Esc", label: "cancel", rank: 1)]
        case .confirm(.quit):
            return [Hint(key: "y", label: "quit anyway", rank: 0), Hint(key: "any other key", label: "stays", rank: 1)]
        case .confirm:
            return [Hint(key: "y", label: "delete", rank: 0), Hint(key: "any other key", label: "cancels", rank: 1)]
        case .editWatch:
            return [Hint(key: "Enter", label: "save", rank: 0), Hint(key: "Tab", label: "document/variables", rank: 2),
                    Hint(key: "Esc", label: "cancel", rank: 1)]
        case .inbound, .lint:
            return [Hint(key: keyMap.keyName(.follow), label: "open", rank: 0),
                    Hint(key: "\(keyMap.keyName(.moveDown))/\(keyMap.keyName(.moveUp))", label: "move", rank: 1),
                    Hint(key: "any other key", label: "closes", rank: 2)]
        default: break
        }
        if state.focus == .watches, state.openWatch != nil {
            return [(Command.refetch, 0), (.edit, 1), (.delete, 2), (.cancel, 3), (.moveDown, 4)].map { command, rank in
                Hint(key: keyMap.keyName(command), label: Self.watchLabel(command), rank: rank)
            }
        }
        // The console reads Enter and Tab itself; they are not in the key map.
        if state.focus == .query {
            return [Hint(key: "Enter", label: "run", rank: 0), Hint(key: "Tab", label: "document/variables", rank: 1),
                    Hint(key: keyMap.keyName(.cancel), label: "leave", rank: 2)]
        }
        return Self.hintedCommands(state.focus).map { hinted in
            // In the record pane, Enter follows a reference (or opens a list) rather than a record.
            var label = state.focus == .record && hinted.command == .follow ? "follow" : hinted.command.hintLabel
            // In the watches pane, Enter opens a watch, e edits it and d removes it.
            if state.focus == .watches { label = Self.watchLabel(hinted.command) }
            return Hint(key: keyMap.keyName(hinted.command), label: label, rank: hinted.rank,
                 disabled: state.disabledReason(for: hinted.command) != nil)
        }
    }

    /// ` ? help  / filter  Enter open …`: the best-ranked hints that fit in `width - 1`
    /// columns, in their given order, as styled pieces (greyed-out ones in `hint.disabled`).
    func hintLine() -> [(String, StyleRole)] {
        let all = hints()
        var kept = Set<Int>()
        var used = 0
        for index in all.indices.sorted(by: { all[$0].rank < all[$1].rank }) {
            let cost = DisplayWidth.of(all[index].key) + 1 + DisplayWidth.of(all[index].label) + 2
            if used + cost > state.size.width - 1 { continue }
            used += cost
            kept.insert(index)
        }
        var pieces: [(String, StyleRole)] = [(" ", .textDim)]
        for (position, index) in all.indices.filter(kept.contains).enumerated() {
            if position > 0 { pieces.append(("  ", .textDim)) }
            let hint = all[index]
            if hint.disabled {
                pieces.append(("\(hint.key) \(hint.label)", .hintDisabled))
            } else {
                pieces += [(hint.key, .helpKey), (" " + hint.label, .textDim)]
            }
        }
        return pieces
    }

    /// What a command does to a watch (the pane and the workspace).
    private static func watchLabel(_ command: Command) -> String {
        switch command {
        case .follow: return "open"
        case .edit: return "edit"
        case .delete: return "remove"
        case .cancel: return "back"
        case .moveDown: return "scroll"
        default: return command.hintLabel
        }
    }
}
