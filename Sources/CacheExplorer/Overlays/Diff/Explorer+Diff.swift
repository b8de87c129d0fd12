import GraphQLCache

/// `:diff FILE`: compares the data shown with another cache file (SQLite or snapshot) in one
/// pass over both in key order (`CacheDiffer`, as `cachelens diff`), lists what differs and
/// marks the differing rows of the record list until the list is filtered otherwise.
extension Explorer {
    mutating func showDiff(_ path: String) {
        guard !path.isEmpty else { fail(ExplorerError.invalid(":diff needs a file to compare with")); return }
        do {
            let other = try environment.openBackend(path)
            var before: [Record] = [], after: [Record] = []
            try other.forEachRecord { before.append($0) }
            try backend.forEachRecord { after.append($0) }
            var differ = CacheDiffer(before: InMemoryKeyOrderedRows(records: before), after: InMemoryKeyOrderedRows(records: after))
            let deltas = try differ.all()
            state.diffMarks = Dictionary(uniqueKeysWithValues: deltas.map { ($0.key, $0.kind) })
            guard !deltas.isEmpty else { inform("no difference from \(path)"); return }
            state.mode = .diff(DiffList(file: path, deltas: deltas))
        } catch {
            fail(error)
        }
    }

    mutating func diffKey(_ key: Key, _ list: DiffList) {
        var list = list
        let keyed = list.rows.indices.filter { list.rows[$0].key != nil }
        switch keyMap.command(for: key) {
        case .moveDown?: list.selected = keyed.first { $0 > list.selected } ?? list.selected
        case .moveUp?: list.selected = keyed.last { $0 < list.selected } ?? list.selected
        case .top?: list.selected = keyed.first ?? 0
        case .bottom?: list.selected = keyed.last ?? 0
        case .follow?:
            state.mode = .normal
            if list.rows.indices.contains(list.selected), let target = list.rows[list.selected].key {
                open(target)
                state.focus = .record
            }
            return
        case .quit? where key == .control("c"): state.isFinished = true; return
        default: state.mode = .normal; return
        }
        state.mode = .diff(list)
    }
}
