import Synchronization

/// One natural-order sort (the merge of the sorted runs) of keys already read, shared by the
/// background job that starts it and any page that needs the full order first: whoever comes
/// second waits for the first instead of reading and sorting the keys again.
package final class KeySort: Sendable {
    private let state: Mutex<(unsorted: SortedKeyIndex?, sorted: SortedKeyIndex?)>

    package init(_ unsorted: SortedKeyIndex) {
        state = Mutex((unsorted, nil))
    }

    /// The sorted index: sorts now, or waits for the sort under way, or returns the one done.
    package func sorted() -> SortedKeyIndex {
        state.withLock { state in
            if let sorted = state.sorted { return sorted }
            var index = state.unsorted ?? SortedKeyIndex()
            state.unsorted = nil
            index.sortAll()
            state.sorted = index
            return index
        }
    }

    /// Drops the result once installed, so that later writes to the installed index do not
    /// copy its keys.
    package func release() {
        state.withLock { $0 = (nil, nil) }
    }
}
