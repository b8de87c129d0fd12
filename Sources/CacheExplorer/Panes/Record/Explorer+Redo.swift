import GraphQLCache

/// `C-r` makes again what `u` took back: edits, deletes and what a watch fetched after another
/// process's change. The undo remembered every record it touched as it was before
/// (`RedoEntry`); the redo puts them back in one transaction, under an origin called
/// `redo of …`, so the watches it wakes say so, as they name an undo or an edit.
extension Explorer {
    /// The redo of undoing `entry`: the records the undo will touch, read now (before it).
    /// Nil when they cannot be read (the undo then cannot be redone, which is all it costs).
    func redoEntry(undoing entry: UndoEntry) -> RedoEntry? {
        // A removal's records are absent until the undo puts them back: reading 100,000 absent
        // keys here held the UI thread for seconds before a big undo could even start, and
        // with nothing else touched there is nothing to read (three sets of its 100,000 keys,
        // built to find that out, held the `u` key for 150 ms).
        if entry.causedWrites.isEmpty, let removed = entry.action.removedKeys {
            return RedoEntry(undone: entry, keys: removed, before: [])
        }
        let keys = entry.touchedKeys
        var absent = Set(entry.action.removedKeys ?? [])
        for write in entry.causedWrites { absent.subtract(write.created); absent.subtract(write.previous.map(\.key)) }
        guard let records = try? backend.loadRecords(forKeys: Set(keys).subtracting(absent)) else { return nil }
        return RedoEntry(undone: entry, keys: keys, before: keys.compactMap { records[$0] })
    }

    /// `C-r`: puts back what the last undo changed, and files the change for `u` again; a redo
    /// of 1,000 records or more (deleting again what the undo of a big delete restored) runs
    /// in the background like the undo did.
    mutating func redoLast() {
        guard let entry = state.redo.popLast() else { return }
        if startBackgroundRedo(entry) { return }
        let summary = entry.undone.action.summary
        do {
            let writer = try writable()
            let remove = RedoEntry.keysToClear(entry.keys, before: entry.before,
                                               now: try backend.loadRecords(forKeys: Set(entry.keys)))
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
}
