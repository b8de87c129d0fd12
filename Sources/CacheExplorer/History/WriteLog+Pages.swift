import GraphQLCache

/// Reading the log back a page at a time, newest first, from memory or from the journal file:
/// the log overlay never holds more than a screen of entries.
extension WriteLog {
    /// How many entries the log holds (the journal's, when one is attached).
    package var entryCount: Int {
        settled { $0.journal?.reader.entryCount ?? $0.entries.count }
    }

    /// The entries at `positions` (0 is the oldest), in the order asked.
    package func entries(at positions: [Int]) throws -> [JournalEntry] {
        guard let low = positions.min(), let high = positions.max() else { return [] }
        let span = try entries(low..<(high + 1))
        return positions.compactMap { span.indices.contains($0 - low) ? span[$0 - low] : nil }
    }

    /// The entries at `range` (0 is the oldest), oldest first.
    package func entries(_ range: Range<Int>) throws -> [JournalEntry] {
        try settled { held throws -> [JournalEntry] in
            if let journal = held.journal { return try journal.reader.entries(range) }
            return held.madeEntries(range)
        }
    }

    /// The positions among `range` of the entries whose origin, or one of whose record keys,
    /// contains `filter` (not empty), newest first: at most `limit` of them, the newest, with
    /// whether more match. Reads the log a page at a time, newest first, and stops at the
    /// limit, so a filter on a journal of a million entries never holds a million positions.
    package func positions(matching filter: String, in range: Range<Int>, limit: Int) throws -> (positions: [Int], more: Bool) {
        let needle = filter.lowercased()
        var found: [Int] = []
        var upper = range.upperBound
        while upper > range.lowerBound {
            let lower = max(range.lowerBound, upper - Self.pageSize)
            for (offset, entry) in try entries(lower..<upper).enumerated().reversed() where Self.matches(entry, needle) {
                guard found.count < limit else { return (found, true) }
                found.append(lower + offset)
            }
            upper = lower
        }
        return (found, false)
    }

    /// Most matching positions a filtered log holds (the newest); the overlay says when more match.
    package static let matchLimit = 10_000

    /// Entries read from the journal at once while filtering.
    static let pageSize = 1_024

    static func matches(_ entry: JournalEntry, _ needle: String) -> Bool {
        entry.origin.lowercased().contains(needle) || entry.records.contains { $0.key.rawValue.lowercased().contains(needle) }
    }

    /// The positions after which the history is not whole (gaps the recorder wrote), as entry
    /// counts: going back across one would show history that did not happen.
    package var gapPositions: [Int] {
        settled { $0.journal?.reader.gaps.map(\.afterEntries) ?? [] }
    }
}
