import GraphQLCache

/// `R` replaces a pulled copy with a fresh one: the new copy's log goes on from the old one's
/// history, with one entry for what the app changed between the two pulls.
extension WriteLog {
    /// Takes over `earlier`'s entries (kept in memory: a pulled copy has no journal) and logs
    /// the difference from `earlier`'s cache to this one as one entry named `origin`. Both are
    /// read once, side by side in key order.
    package func continueHistory(of earlier: WriteLog, origin: String) throws {
        var differ = CacheDiffer(before: try earlier.rows.ordered(), after: try rows.ordered())
        let deltas = try differ.all()
        let (history, before) = earlier.settled { ($0.entries, $0.digest) }
        settled { held in
            guard held.journal == nil else { return }
            held.entries = history + held.entries
            held.append(origin: origin, records: deltas, before: before)
        }
    }
}
