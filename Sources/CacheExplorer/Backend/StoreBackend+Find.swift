import Dispatch
import GraphQLCache

/// `:find` off the explorer's thread: a slice of rows at a time, each slice's confirmed matches
/// posted as `.found`, stopped between slices by `cancelFind`.
extension StoreBackend {
    /// Rows searched per slice: the longest a key press waits for the connection while a search
    /// runs, and a key press takes it two or three times (its row, the record, the references
    /// it shows). On 1,000,000 rows, with a key held: 4,096-row slices made the slowest key
    /// 15–24 ms, 2,048 12–14 ms, 1,024 9–15 ms; the search itself took 0.85, 1.2 and 1.8 s
    /// (alone, 2,048 cost a tenth more than 4,096). 20,000-row slices held it for up to ~30 ms.
    static let findSliceRows = 2_048

    package func startFind(_ search: ValueSearch) -> Int? {
        let id = finds.start()
        DispatchQueue.global(qos: .userInitiated).async { [weak self] in self?.runFind(search, id: id) }
        return id
    }

    package func cancelFind(_ id: Int) { finds.cancel(id) }

    private func runFind(_ search: ValueSearch, id: Int) {
        defer { finds.end(id) }
        guard let searchable = store.cache as? ValueSearching else {
            var matches: [CacheKey] = []
            try? forEachRecord { if search.matches($0) { matches.append($0.key) } }
            post(.found(id: id, keys: matches, fraction: 1, finished: true))
            return
        }
        var position: Int64 = 0
        while !finds.isCancelled(id) {
            guard let slice = try? searchable.searchSlice(containing: search.text, from: position, rows: Self.findSliceRows) else {
                post(.found(id: id, keys: [], fraction: 1, finished: true))
                return
            }
            // Most slices hold no candidate: they take the connection once, not twice.
            let rows = slice.candidates.isEmpty ? [:] : (try? loadStoredRecords(forKeys: Set(slice.candidates))) ?? [:]
            let matches = slice.candidates.filter { rows[$0]?.record.map(search.matches) ?? false }
            post(.found(id: id, keys: matches, fraction: slice.fraction, finished: slice.isLast))
            if slice.isLast { return }
            position = slice.next
        }
    }
}
