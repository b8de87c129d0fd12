import GraphQLCache

/// Data the explorer may change: edits, deletes and undo. Data without this capability (or
/// opened `--read-only`) is shown read-only: the keys that would change it are greyed out.
package protocol RecordWriting: RecordBrowsing {
    /// Whether writes are refused (`--read-only`).
    var isReadOnly: Bool { get }
    /// Whether writes reach a file that outlives the explorer; false for data held only in
    /// memory (the sample, a snapshot), whose changes quitting would lose.
    var keepsChanges: Bool { get }
    /// Merges `records` (an edit, or an undo putting records back); returns what changed.
    func write(_ records: [Record]) throws -> FieldChanges
    /// Removes the records with `keys` and returns them as they were, for undo.
    func remove(keys: [CacheKey]) throws -> [Record]
    /// One transaction: removes `keys`, then merges each batch of records in order (undo).
    /// Unless `watchesRefetch`, a watch that misses after it shows the miss rather than
    /// fetching again: undoing what a fetch wrote must not bring it straight back.
    /// The change is called `kind` where watches say who changed them (`undo`, `redo of …`).
    func restore(removing keys: [CacheKey], writing batches: [[Record]], watchesRefetch: Bool, as kind: String) throws
    /// Who made the last `write`, `remove` or `restore`, so that changes it caused (a watch's
    /// refetch) can be undone with it.
    var lastWriteOrigin: ChangeOrigin? { get }
}

extension RecordWriting {
    /// `restore` called `undo`.
    func restore(removing keys: [CacheKey], writing batches: [[Record]], watchesRefetch: Bool) throws {
        try restore(removing: keys, writing: batches, watchesRefetch: watchesRefetch, as: "undo")
    }
}
