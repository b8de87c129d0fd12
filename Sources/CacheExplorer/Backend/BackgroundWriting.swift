import GraphQLCache

/// Data whose big changes (deleting or restoring 100,000 records) can run off the UI thread:
/// each is one store transaction run as background work, reporting how far it got
/// (`.longWorkProgressed`) and how it ended (`.longWorkFinished`) through `onChange`, and
/// stopping when cancelled with nothing written (the transaction is never committed half way).
package protocol BackgroundWriting: RecordWriting {
    /// Starts removing the records with `keys` (broken rows among them too); the outcome
    /// carries them as they were, for undo.
    func startRemoval(of keys: [CacheKey]) -> Int
    /// Starts removing the records whose key contains `pattern` (`KeyPattern`), listed in the
    /// background too: listing 100,000 keys waits for the file's lock as the removal does.
    /// `count`, the preview's, measures the progress. Over a cache that writes rows as bytes
    /// the outcome is `.removedRows`: one statement reads and deletes them.
    func startRemoval(matching pattern: String, expecting count: Int) -> Int
    /// Starts putting `rows` back (`.removedRows`' rows) after removing `keys` and writing
    /// `batches` (what a refetch it caused wrote), as the undo of a delete.
    func startRowRestore(_ rows: StoredRows, removing keys: [CacheKey], writing batches: [[Record]]) -> Int
    /// Starts `restore(removing:writing:watchesRefetch:)` as background work.
    func startRestore(removing keys: [CacheKey], writing batches: [[Record]], watchesRefetch: Bool) -> Int
    /// Starts a redo as background work: the records among `keys` that merging `before` back
    /// would not make as they were are removed (read there, not on the UI thread), `before`
    /// is written, under an origin called `kind` (`redo of delete "Item:"`).
    func startRedo(keys: [CacheKey], before: [Record], as kind: String) -> Int
    /// Starts `write(_:)` as background work: a single-field edit refused for another
    /// process's lock waits for it there, not in the edit dialog.
    func startWrite(_ records: [Record]) -> Int
    /// Stops the work with `id`; its outcome then says `cancelled` unless it had committed.
    func cancelBackgroundWrite(_ id: Int)
}

/// How a background write ended.
package enum LongWorkOutcome: Hashable, Sendable {
    /// The records were removed: them as they were (for undo), how many broken rows went too,
    /// and the origin the removal was written under.
    case removed([Record], brokenRows: Int, origin: ChangeOrigin?)
    /// The records were removed as rows, kept as they were stored (for undo): how many of
    /// them are broken, and the origin.
    case removedRows(StoredRows, brokenRows: Int, origin: ChangeOrigin?)
    /// The records were restored.
    case restored
    /// The records were written: the fields that changed, and the origin written under.
    case written(Set<FieldKey>, origin: ChangeOrigin?)
    /// `Esc` stopped it before it committed: nothing was written.
    case cancelled
    /// It failed (nothing was written): why.
    case failed(String)
}
