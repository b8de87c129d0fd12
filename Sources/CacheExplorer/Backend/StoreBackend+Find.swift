import Dispatch
import GraphQLCache

/// `:find` off the explorer's thread: a slice of rows at a time, each slice's confirmed matches
/// posted as `.found`, stopped between slices by `cancelFind`.
extension StoreBackend {
    /// Rows searched per slice: about a millisecond of SQL each, the longest a key press waits
    /// for the connection while a search runs (20,000-row slices held it for up to ~30 ms).
    static let findSliceRows = 4_096

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
            let rows = (try? loadStoredRecords(forKeys: Set(slice.candidates))) ?? [:]
            let matches = slice.candidates.filter { rows[$0]?.record.map(search.matches) ?? false }
            post(.found(id: id, keys: matches, fraction: slice.fraction, finished: slice.isLast))
            if slice.isLast { return }
            position = slice.next
        }
    }
}
