/// The hint line: the hinted rows of the table that has the keyboard (an overlay's, else the
/// focused pane's), named with the user's keys, as many as fit the width. A command the state
/// refuses (its row's `disabledReason`) keeps its place, greyed out.
extension Renderer {
    /// One hint: the key, what it does, which stay when the line is short (0 first), and
    /// whether it is greyed out.
    struct Hint {
        var key: String
        var label: String
        var rank: Int
        var disabled = false
    }

    /// The hints for the focused pane, or while an overlay has the keyboard, the keys it reads.
    func hints() -> [Hint] {
        let table = OverlayKeys.table(for: state.mode) ?? state.keyTables.first ?? []
        return table.compactMap { row in
            guard let rank = row.hintRank else { return nil }
            return Hint(key: row.key.name(in: keyMap), label: row.label, rank: rank,
                        disabled: row.disabledReason(state) != nil)
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
}
