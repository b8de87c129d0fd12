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

    /// Enter on a record's line opens it.
    mutating func openSelectedDiffRow() {
        guard case .diff(let list) = state.mode else { return }
        guard let row = list.chosen, let target = list.rows[row].key else { state.mode = .normal; return }
        openFromOverlay(target)
    }
}
