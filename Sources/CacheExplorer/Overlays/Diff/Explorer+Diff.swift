import GraphQLCache

/// `:diff FILE`: compares the data shown with another cache file (SQLite or snapshot) in one
/// pass over both in key order (`CacheDiffer`, as `cachelens diff`), each read a page at a
/// time where it is a SQLite file, in the background over a big cache; lists what differs and
/// marks the differing rows of the record list until the list is filtered otherwise.
extension Explorer {
    mutating func showDiff(_ path: String) {
        guard !path.isEmpty else { fail(ExplorerError.invalid(":diff needs a file to compare with")); return }
        let other: any RecordBrowsing
        do {
            other = try environment.openBackend(path)
        } catch {
            fail(error)
            return
        }
        runScan(.diff(path)) { [backend] in
            let total = try backend.keyCount(matching: nil)
            var differ = CacheDiffer(before: try other.rowsInKeyOrder(),
                                     after: ReportedRows(try backend.rowsInKeyOrder(), total: total))
            let deltas = try differ.all()
            return .diff(DiffList(file: path, deltas: deltas), marks: Dictionary(uniqueKeysWithValues: deltas.map { ($0.key, $0.kind) }))
        }
    }

    /// The scan's differences: marked in the list, and listed.
    mutating func showDiff(_ list: DiffList, marks: [CacheKey: RecordDelta.Kind]) {
        state.diffMarks = marks
        guard !marks.isEmpty else { inform("no difference from \(list.file)"); return }
        state.mode = .diff(list)
    }

    /// Enter on a record's line opens it.
    mutating func openSelectedDiffRow() {
        guard case .diff(let list) = state.mode else { return }
        guard let row = list.chosen, let target = list.rows[row].key else { state.mode = .normal; return }
        openFromOverlay(target)
    }
}
