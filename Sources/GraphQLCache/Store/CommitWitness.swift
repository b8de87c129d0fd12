import Synchronization

/// Sees every commit of a store's own transactions while the write lock is still held: just
/// before the writes reach the cache (what they will change, so that the rows can be read as
/// they were) and just after (what they changed, with the writer's origin). The explorer's
/// write log is one: it reads the before-image of only the rows a commit touches, instead of
/// keeping a copy of the whole cache to compare against. Runs under the write lock, so it must
/// not open transactions of its own; other processes' commits never reach it (they come as
/// `.external` changes to subscribers).
package protocol CommitWitness: AnyObject, Sendable {
    /// The writes of a transaction are about to be applied; `change` is what they will change,
    /// with the writer's origin (a removal by pattern lists its keys only at commit).
    func willCommit(_ change: CacheChange)
    /// The writes were applied and committed; `change` is what they changed, with its origin.
    /// Not called when nothing changed or when the commit failed (rolled back).
    func didCommit(_ change: CacheChange)
    /// A commit whose rows its writer and the cache handed over as bytes (`CommittedRows`):
    /// `willCommit` was not called for it, and `rows` says what each row was and is.
    func didCommit(_ change: CacheChange, rows: CommittedRows)
}

extension CommitWitness {
    /// A witness that does not take rows sees the change alone.
    package func didCommit(_ change: CacheChange, rows: CommittedRows) { didCommit(change) }
}

/// The rows a commit made through `StoredRowWriting` took out or put back, as bytes.
package enum CommittedRows: Sendable {
    /// Every row of these was deleted: each is its own before-image, and no row stands after.
    case removed(StoredRows)
    /// The rows of `rows` at the positions `written` were written where no row stood (no
    /// before-image; the bytes are the after-image); `fieldNames` holds each row's field names
    /// where it is a record (nil: not one). The keys `merged` held a row, which the record was
    /// merged over: their before-image was not seen.
    case restored(StoredRows, written: [Int], fieldNames: [[String]?], merged: [CacheKey])
}

/// The store's witness, held weakly: a witness going away stops witnessing.
struct WeakCommitWitness: Sendable {
    weak var witness: (any CommitWitness)?
}

extension CacheStore {
    /// Makes `witness` see every commit from now on (replacing any earlier one; nil: none).
    package func setCommitWitness(_ witness: (any CommitWitness)?) {
        commitWitness.withLock { $0 = WeakCommitWitness(witness: witness) }
    }

    /// The witness, if one is set.
    var currentCommitWitness: (any CommitWitness)? { commitWitness.withLock { $0.witness } }
}
