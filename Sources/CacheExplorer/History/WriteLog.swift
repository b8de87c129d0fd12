import Foundation
import GraphQLCache
import Synchronization

/// The explorer's write log: every change the explorer sees (an edit, a delete, an undo, a
/// watch's fetch, another process's commit) becomes one `JournalEntry` with each changed
/// field's value before and after.
///
/// The log keeps no copy of the cache, so it works on any size: memory grows with what changed,
/// not with the cache. It is the store's `CommitWitness`: just before a commit is applied it
/// reads the rows the commit will touch (their before-images), just after it reads them again,
/// and logs the difference, all under the store's write lock. The cache's digest, which only a
/// journal needs (it chains the file's entries to the cache), is counted when a journal is
/// attached, with the store's commits held back meanwhile (`holdingCommits`), and then followed
/// row by row, each row's share of it kept (`RowHashes`, a few bytes a row) so that a row
/// replaced unread is taken out without reading the cache again; a log without a journal
/// never reads the whole cache, so opening a big file
/// starts no background read that competes with the user's. Another process's commit reaches the log as
/// an `.external` change naming its keys; their before-images are the rows as the log last
/// wrote or read them (the after-images of earlier entries, kept up to `knownBudget` bytes),
/// or else as the cache's change tracker last saw them (`Rows.externalBefore`: the rows the
/// screen read, and which keys had no row; with a journal, the shares say which keys had a row);
/// a row neither saw is logged as changed with its before not seen
/// (`RecordDelta.beforeUnknown`), never as added: it may have existed, and time travel across
/// it would delete it. With a journal attached
/// (`attachJournal`) the entries go to the file and are paged back from it, so memory stays
/// bounded however long the history is; without one they are kept for the session.
package final class WriteLog: Sendable, CommitWitness {
    /// Most bytes of after-images kept as the before-images of other processes' commits.
    static let knownBudget = 16 << 20

    struct Shadow {
        /// The cache's digest, followed commit by commit once counted (nil: not counted).
        var digest: CacheDigest?
        /// Each row's share of `digest`, while it is counted and the rows fit (`RowHashes`).
        var shares: RowHashes?
        /// Rows as the log last knew them (nil: absent), of keys that changes touched.
        var known: [CacheKey: [UInt8]?] = [:]
        var knownBytes = 0
        /// What `willCommit` found for the commit under way.
        var pending: PendingCommit?
        /// Rows a writer read for its coming commit (`expect`).
        var expected: ExpectedRows?
        /// Changes logged by `didCommit` whose notification has not come yet.
        var witnessed: [CacheChange] = []
        /// Commits whose rows were handed over, not taken in yet (`settled`), oldest first.
        var handedRows: [HandedRowsCommit] = []
        /// The entries, without a journal (`HeldEntry`: some made when first read).
        var entries: [HeldEntry] = []
        var nextDeferredID = 0
        var journal: AttachedJournal?
        var failure: String?
    }

    let shadow = Mutex(Shadow())
    let rows: Rows
    let names: @Sendable (ChangeOrigin?) -> String
    /// Runs its body with the store's commits held back (the store's write lock), so that no
    /// commit falls between counting the digest and following it.
    let holdingCommits: @Sendable (_ body: () throws -> Void) throws -> Void
    /// Most rows whose shares of the digest are kept (`RowHashes`); past it, a row replaced
    /// unread makes the digest be counted again.
    let shareLimit: Int
    /// Takes handed commits in (`HandedRowsCommit`) after their commits, below the screen's
    /// priority: a short turn under the log's lock.
    let rowTaker = LowPriorityThread(name: "CacheExplorer.writeLog")
    /// Makes deferred entries (`DeferredEntry`) after their commits, at the lowest priority:
    /// decoding 100,000 rows for their deltas takes most of a second of a core, which the
    /// user's next big change (an undo right after a delete) needs more. Only a short turn
    /// under the log's lock puts each entry in place.
    let entryMaker = LowPriorityThread(name: "CacheExplorer.writeLog.deltas", nice: LowPriorityThread.lowest)

    /// Starts the log over the cache `rows` reads, naming each change's writer with `names`;
    /// nothing is read until a change comes (or a journal asks for the digest).
    package init(rows: Rows, names: @escaping @Sendable (ChangeOrigin?) -> String,
                 holdingCommits: @escaping @Sendable (_ body: () throws -> Void) throws -> Void,
                 shareLimit: Int = WriteLog.shareRowLimit) {
        self.rows = rows
        self.names = names
        self.holdingCommits = holdingCommits
        self.shareLimit = shareLimit
    }

    deinit {
        rowTaker.stop()
        entryMaker.stop()
    }

    /// Most rows whose shares of the digest are kept by default (about 48 MB at most).
    package static let shareRowLimit = RowHashes.rowLimit

    /// Why the log is not recording, when it is not.
    package var failure: String? { shadow.withLock { $0.failure } }

    package func willCommit(_ change: CacheChange) {
        do {
            let keys = change.affectedRecords
            let pending = try pendingCommit(change, keys: keys)
            shadow.withLock { $0.pending = pending }
        } catch {
            shadow.withLock { ($0.failure, $0.pending) = ("the write log cannot read the cache: \(error)", nil) }
        }
    }

    package func didCommit(_ change: CacheChange) {
        do {
            // The keys `willCommit` found for this commit: a restore of 100,000 records changes
            // 500,000 fields, and finding their records twice was a third of the log's time.
            let pending = shadow.withLock { $0.pending.take() } ?? PendingCommit(keys: change.affectedRecords)
            let changed = change.changedFieldKeys.isEmpty ? []
                : change.removedRecords.isEmpty ? pending.keys : change.changedRecords
            let after = try afterImages(of: changed, pending: pending)
            let deferred = settled { held in
                held.witnessed.append(change)
                return held.log(pending.keys, before: { .some(pending.before[$0]) }, decodedBefore: pending.beforeFields,
                                after: after.rows, decodedAfter: after.fields, origin: names(change.origin))
            }
            if deferred { makeDeferredEntries() }
        } catch {
            shadow.withLock { $0.failure = "the write log cannot read the cache: \(error)" }
        }
    }

    /// Makes the deferred entries on the log's low-priority thread, oldest first; one read
    /// meanwhile is made where it is read (`madeEntries`), and this one then left unused.
    /// Takes in the handed commits waiting first (`settled`).
    func makeDeferredEntries() {
        entryMaker.async { [weak self] in
            while let self, let deferred = self.settled({ $0.firstDeferred }) {
                let entry = deferred.made(onEveryCore: false)
                self.shadow.withLock { $0.replaceDeferred(deferred.id, with: entry) }
            }
        }
    }

    /// A change heard from the store: one `didCommit` logged already, or another process's.
    /// Another process's is logged against what each row held before as far as it is known
    /// (`priors`); a row whose before nobody saw is said to be so, never `added`. The digest
    /// takes such a row's share out as `RowHashes` kept it; only where the shares are not kept
    /// (past their row limit) is it counted again from every row, before the entry is written,
    /// so that the entry's digest after is the cache's.
    package func heard(_ change: CacheChange) {
        let isOwn = shadow.withLock { held in
            guard let first = held.witnessed.first, first == change else { return false }
            held.witnessed.removeFirst()
            return true
        }
        guard !isOwn else { return }
        do {
            let keys = change.affectedRecords
            let after = try rows.current(keys)
            let seen = rows.externalBefore(keys)
            let origin = names(change.origin)
            let (needsCount, deferred) = settled { held in
                let priors = held.priors(keys, seen: seen)
                guard priors.count < keys.count, held.digest != nil, held.shares == nil else {
                    return (false, held.log(keys, before: { priors[$0] }, after: after, origin: origin))
                }
                return (true, false)
            }
            if deferred { makeDeferredEntries() }
            guard needsCount else { return }
            let counted = try count()
            let countedDeferred = settled { held in
                let priors = held.priors(keys, seen: seen)
                return held.log(keys, before: { priors[$0] }, after: after, origin: origin, counted: counted)
            }
            if countedDeferred { makeDeferredEntries() }
        } catch {
            shadow.withLock { $0.failure = "the write log cannot read the cache: \(error)" }
        }
    }

    /// Another process committed to rows nobody had read (the store names no keys): the digest
    /// is counted again; the change itself cannot be told, so no entry is made.
    package func resync(origin: String) {
        guard isCounting else { return }
        do { try recount() } catch {
            shadow.withLock { $0.failure = "the write log cannot read the cache: \(error)" }
        }
    }

    /// A digest counted from every row, with each row's share while they fit.
    struct Counted {
        var digest = CacheDigest()
        var shares: RowHashes?
    }

    /// Counts the digest again from every row (after a change whose before-images were not all
    /// known, whose rows therefore could not be taken out of it one by one).
    private func recount() throws {
        let counted = try count()
        settled { ($0.digest, $0.shares) = (counted.digest, counted.shares) }
    }

    /// The digest of every row as the cache holds them now, with their shares.
    func count() throws -> Counted {
        var counted = Counted(shares: RowHashes(limit: shareLimit))
        try rows.each { row in
            let share = CacheDigest.rowHash(key: row.key, json: row.jsonBytes)
            counted.digest.add(rowHash: share)
            if counted.shares?.set(share, for: row.key) == false { counted.shares = nil }
        }
        return counted
    }

    /// Whether the digest is counted and followed (a journal is attached, or it was asked for).
    var isCounting: Bool { shadow.withLock { $0.digest != nil } }

    /// Counts the digest from every row unless it is counted already, with the store's commits
    /// held back meanwhile; from then on every change follows it.
    func countDigest() throws(GraphQLCacheError) {
        guard !isCounting else { return }
        do {
            try holdingCommits { if !isCounting { try recount() } }
        } catch let error as GraphQLCacheError {
            throw error
        } catch {
            throw .storage("the write log cannot read the cache: \(error)")
        }
    }

    /// A stored row's fields; nil for a row that cannot be read (left out of the log).
    static func fields(_ json: [UInt8]) -> [String: CacheValue]? {
        try? RecordJSON.decode(json, key: CacheKey("row"))
    }

    /// The cache's digest, counted now if it was not (then followed from here on).
    package func digest() throws(GraphQLCacheError) -> CacheDigest {
        try countDigest()
        return settled { $0.digest } ?? CacheDigest()
    }

    /// How many rows the log holds in memory (after-images kept for other processes' commits):
    /// what changed, never the whole cache.
    package var heldRowCount: Int { settled { $0.known.count } }
}
