import GraphQLCache

/// A commit whose rows its writer handed over (`CacheStore.removeRows`, `restoreRows`), taken
/// into the log after the commit rather than during it: its images made, the digest followed,
/// its rows remembered and its entry appended by the log's own thread (`rowTaker`), or by the first reader
/// of the log before that, whichever comes first (`WriteLog.settled`).
///
/// Why: the explorer's delete of 100,000 records waited while the log copied each row into an
/// image and remembered each key (about 40 ms), and its undo about 60 ms, all after the rows
/// were written and before the screen could say so. Nothing reads the log in between but a
/// reader that settles it first, so every change is still taken in commit order: another
/// process's commit heard next finds the rows as this one left them.
struct HandedRowsCommit: Sendable {
    let committed: CommittedRows
    /// The rows after the commit of the keys a restore merged over (read at the commit).
    let mergedAfter: [CacheKey: [UInt8]]
    let origin: String

    /// The changed rows' images, in no order.
    var images: [RowImages] {
        var images: [RowImages] = []
        switch committed {
        case .removed(let rows):
            images.reserveCapacity(rows.count)
            for index in 0..<rows.count {
                images.append(RowImages(key: rows.keys[index], old: .some(rows.record(at: index) ?? []), new: nil))
            }
        case let .restored(rows, written, names, merged):
            images.reserveCapacity(written.count + merged.count)
            for index in written {
                images.append(RowImages(key: rows.keys[index], old: .some(nil), new: rows.record(at: index) ?? [],
                                        newHasFields: names[index]?.isEmpty == false))
            }
            for key in merged { images.append(RowImages(key: key, old: nil, new: mergedAfter[key])) }
        }
        return images
    }
}

extension WriteLog.Shadow {
    /// Takes the handed commits waiting into the log, oldest first; true when one of their
    /// entries was deferred (`DeferredEntry`), to be made.
    mutating func takeHandedRows() -> Bool {
        guard !handedRows.isEmpty else { return false }
        let commits = handedRows
        handedRows = []
        var deferred = false
        for commit in commits where log(commit.images, origin: commit.origin) { deferred = true }
        return deferred
    }
}

extension WriteLog {
    /// Runs `body` on the shadow once every handed commit waiting is taken in: what any reader
    /// of the log's rows, digest or entries goes through.
    func settled<Result: Sendable, Failure: Error>(_ body: (inout Shadow) throws(Failure) -> Result) throws(Failure) -> Result {
        let (result, deferred) = try shadow.withLock { held throws(Failure) -> (Result, Bool) in
            let deferred = held.takeHandedRows()
            return (try body(&held), deferred)
        }
        if deferred { makeDeferredEntries() }
        return result
    }

    /// A commit whose rows its writer handed over: logged from them, with nothing read but the
    /// rows a restore merged over (written since the delete), whose before-image nobody saw;
    /// with the digest counted, it is counted again after such a restore, and then, as with a
    /// journal attached, the commit is taken in at once. Otherwise it waits for the log's
    /// thread (`HandedRowsCommit`).
    package func didCommit(_ change: CacheChange, rows committed: CommittedRows) {
        do {
            var mergedAfter: [CacheKey: [UInt8]] = [:], unseen = false
            if case .restored(_, _, _, let merged) = committed, !merged.isEmpty {
                mergedAfter = try rows.current(Set(merged))
                unseen = true
            }
            let counted = unseen && isCounting ? try count() : nil
            let commit = HandedRowsCommit(committed: committed, mergedAfter: mergedAfter, origin: names(change.origin))
            let (waits, deferred) = settled { held -> (Bool, Bool) in
                held.witnessed.append(change)
                guard held.journal != nil || counted != nil else {
                    held.handedRows.append(commit)
                    return (true, false)
                }
                return (false, held.log(commit.images, origin: commit.origin, counted: counted))
            }
            if waits {
                rowTaker.async { [weak self] in self?.settled { _ in } }
            } else if deferred {
                makeDeferredEntries()
            }
        } catch {
            shadow.withLock { $0.failure = "the write log cannot read the cache: \(error)" }
        }
    }
}
