import Dispatch
import Foundation
import GraphQLCache

/// `:find` off the explorer's thread: a slice of rows at a time, each slice's confirmed matches
/// posted as `.found`, stopped between slices by `cancelFind`.
extension StoreBackend {
    /// Rows searched per slice: how often the search says how far it came and looks whether
    /// it was stopped. The search reads on a connection of its own (`ValueSearching`), so a
    /// slice holds up no key press; a commit of this process waits for the slice under way
    /// (rollback journal). On 1,000,000 rows a slice of 8,192 reads in 5–10 ms.
    static let findSliceRows = 8_192

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
            let slice: ValueSearchSlice
            do {
                slice = try searchable.searchSlice(for: search, from: position, rows: Self.findSliceRows)
            } catch let error as LockContention where error.isLockContention {
                // Another process held the file past the busy timeout: the status line says
                // the explorer waits for it; the slice is tried again until Esc.
                Thread.sleep(forTimeInterval: 0.005)
                continue
            } catch {
                post(.found(id: id, keys: [], fraction: 1, finished: true))
                return
            }
            post(.found(id: id, keys: slice.matches, fraction: slice.fraction, finished: slice.isLast))
            if slice.isLast { return }
            position = slice.next
        }
    }
}
