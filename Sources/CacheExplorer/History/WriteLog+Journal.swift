import Foundation
import GraphQLCache

/// `cachelens explore CACHE --journal FILE`: the log shows the journal's entries (paged from the
/// file) and appends the explorer's own to it. A journal that does not describe the cache says
/// so: another cache's journal is not attached at all (its history would be wrong), and one
/// with commits missing gets a gap line, as `cachelens record` writes.
extension WriteLog {
    /// Attaches the journal at `path` for the cache file at `cachePath` (created when missing);
    /// returns what keeps it from describing the cache, empty when it does. Throws when the
    /// journal cannot be used (unreadable, another cache's).
    @discardableResult
    package func attachJournal(path: String, cachePath: String) throws(GraphQLCacheError) -> [JournalProblem] {
        let digest = try digest()
        return try settled { held throws(GraphQLCacheError) -> [JournalProblem] in
            var problems: [JournalProblem] = []
            var existing: JournalReader?
            if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > 0 {
                let opened = try JournalReader(path: path)
                problems = opened.problems(cachePath: cachePath, digest: held.digest ?? digest)
                if let other = problems.first(where: { if case .otherCache = $0 { return true } else { return false } }) {
                    throw .journal(path: path, problem: other)
                }
                existing = opened
            }
            let writer = try JournalWriter(path: path, cachePath: cachePath, digest: held.digest ?? digest)
            // The reader already indexed goes on from where it stopped (a gap line, at most).
            try existing?.refresh()
            let reader: JournalReader
            if let existing { reader = existing } else { reader = try JournalReader(path: path) }
            held.journal = AttachedJournal(reader: reader, writer: writer)
            held.entries = []
            return problems
        }
    }

    /// The attached journal's path, if any.
    package var journalPath: String? { settled { $0.journal?.writer.path } }

    /// Looks for entries another recorder appended to the journal since the last look.
    package func refreshJournal() {
        settled { held in
            do { try held.journal?.reader.refresh() } catch { held.failure = "the journal cannot be read: \(error)" }
        }
    }
}
