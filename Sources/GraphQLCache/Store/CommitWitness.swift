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
