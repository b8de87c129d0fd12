import GraphQLCache

/// `C-r` makes again what `u` took back: edits, deletes and what a watch fetched after another
/// process's change. The undo remembered every record it touched as it was before
/// (`RedoEntry`); the redo puts them back in one transaction, under an origin called
/// `redo of …`, so the watches it wakes say so, as they name an undo or an edit.
extension Explorer {
    /// The redo of undoing `entry`: the records the undo will touch, read now (before it).
    /// Nil when they cannot be read (the undo then cannot be redone, which is all it costs).
    func redoEntry(undoing entry: UndoEntry) -> RedoEntry? {
        let keys = entry.touchedKeys
        // A removal's records are absent until the undo puts them back: reading 100,000 absent
        // keys here held the UI thread for seconds before a big undo could even start.
        var absent = Set<CacheKey>()
        if case .removal(let records, _) = entry.action { absent = Set(records.map(\.key)) }
        for write in entry.causedWrites { absent.subtract(write.created); absent.subtract(write.previous.map(\.key)) }
        guard let records = try? backend.loadRecords(forKeys: Set(keys).subtracting(absent)) else { return nil }
        return RedoEntry(undone: entry, keys: keys, before: keys.compactMap { records[$0] })
    }

    /// `C-r`: puts back what the last undo changed, and files the change for `u` again.
    mutating func redoLast() {
        guard let entry = state.redo.popLast() else { return }
        let summary = entry.undone.action.summary
        do {
            let writer = try writable()
            let remove = try keysToClear(entry)
            try writer.restore(removing: remove, writing: [entry.before], watchesRefetch: true, as: "redo of \(summary)")
            var undone = entry.undone
            undone.origin = writer.lastWriteOrigin
            state.undo.append(undone)
            noteChange()
            inform("redone: \(summary)" + undoHint)
        } catch {
            state.redo.append(entry)
            fail(error)
        }
    }

    /// The records merging `entry.before` back would not make as they were: absent before the
    /// undo, or holding a field now that they did not hold then. They are removed first; the
    /// others are merged over, so that the change names only the fields that differ.
    private func keysToClear(_ entry: RedoEntry) throws -> [CacheKey] {
        let now = try backend.loadRecords(forKeys: Set(entry.keys))
        let before = Dictionary(entry.before.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return entry.keys.filter { key in
            guard let old = before[key] else { return now[key] != nil }
            return now[key]?.fields.keys.contains { old.fields[$0] == nil } ?? false
        }
    }
}
