import GraphQLCache

/// A change `u` took back, kept so that `C-r` can make it again: the undo entry itself (back
/// on the undo stack after the redo) and every record the undo touched as it was before it.
/// Putting those records back exactly is the redo, whatever the undo was (an edit, a delete,
/// what a watch fetched), so one way of redoing serves them all.
package struct RedoEntry: Hashable, Sendable {
    /// What was undone.
    package var undone: UndoEntry
    /// Every record the undo wrote or removed.
    package var keys: [CacheKey]
    /// Those of `keys` that existed before the undo, as they were.
    package var before: [Record]

    package init(undone: UndoEntry, keys: [CacheKey], before: [Record]) {
        self.undone = undone
        self.keys = keys
        self.before = before
    }
}

extension RedoEntry {
    /// The records merging `before` back would not make as they were: absent before the undo
    /// (`keys` not in `before`), or holding a field `now` that they did not hold then. They are
    /// removed first; the others are merged over, so that the change names only the fields
    /// that differ.
    static func keysToClear(_ keys: [CacheKey], before: [Record], now: [CacheKey: Record]) -> [CacheKey] {
        let old = Dictionary(before.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return keys.filter { key in
            guard let was = old[key] else { return now[key] != nil }
            return now[key]?.fields.keys.contains { was.fields[$0] == nil } ?? false
        }
    }
}

extension UndoEntry {
    /// Every record undoing this entry writes or removes, in no particular order.
    var touchedKeys: [CacheKey] {
        var keys = Set<CacheKey>()
        for write in causedWrites {
            keys.formUnion(write.created)
            keys.formUnion(write.previous.map(\.key))
        }
        switch action {
        case .edit(let field, _): keys.insert(field.record)
        case .removal(let records, _): keys.formUnion(records.map(\.key))
        case .rowRemoval(let rows, _, _): keys.formUnion(rows.keys)
        case .rewind(_, let touched, _): keys.formUnion(touched)
        case .watchFetch, .consoleFetch: break
        }
        // Unsorted: sorting 100,000 keys in natural order before a big undo held the UI thread.
        return Array(keys)
    }
}
