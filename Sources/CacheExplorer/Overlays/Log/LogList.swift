import Foundation
import GraphQLCache

/// The write log as the overlay shows it (`L`): one page of entries, newest first, each a line
/// (`#12 14:03:07 edit  ~ Human:1000`); an opened entry (Enter) lists its records and each
/// changed field's before → after beneath it. Only the page is held: the entries themselves
/// stay in the log (or its journal file) and are read again when the page moves.
package struct LogList: Hashable, Sendable {
    /// One line of the overlay.
    package struct Row: Hashable, Sendable {
        /// What the row shows, piece by piece.
        package var segments: [Segment]
        /// The entry the row belongs to (0 is the oldest).
        package var position: Int
        /// The record the row names (Enter opens it); nil for an entry's own line and fields.
        package var key: CacheKey?
        /// Whether the row is an entry's own line (Enter opens or closes its diff).
        package var isEntry: Bool
    }

    /// A run of text in one style.
    package struct Segment: Hashable, Sendable {
        package var text: String
        package var role: StyleRole

        package init(_ text: String, _ role: StyleRole) {
            self.text = text
            self.role = role
        }
    }

    /// Origin or key text the entries shown contain ("" shows every entry).
    package var filter = ""
    /// The filter being typed (`/`), nil when not typing.
    package var filterInput: LineInput?
    /// The positions the filter matched, newest first (at most `WriteLog.matchLimit`, the
    /// newest); nil when every entry matches.
    package var matches: [Int]?
    /// Whether older entries match too, beyond `matches`.
    package var moreMatch = false
    /// The filter and entry count `matches` were found for: a move or a new entry reads only
    /// what is new, never the whole log again.
    var matchedFilter: String?
    var matchedEntryCount = 0
    /// How many entries the log holds.
    package var entryCount = 0
    /// The index (among the matching entries, newest first) of the page's first entry.
    package var top = 0
    /// The entries opened with Enter.
    package var opened: Set<Int> = []
    /// Whether every entry shows its diff (one record's history).
    package var opensAll = false
    /// The page's rows.
    package var rows: [Row] = []
    /// The selected row.
    package var selected = 0

    package init() {}

    /// How many entries match the filter.
    package var matchCount: Int { matches?.count ?? entryCount }

    /// The position of the `index`th matching entry, newest first.
    package func position(at index: Int) -> Int? {
        guard index >= 0, index < matchCount else { return nil }
        return matches.map { $0[index] } ?? entryCount - 1 - index
    }

    /// The selected row, if any.
    package var selectedRow: Row? { rows.indices.contains(selected) ? rows[selected] : nil }
}
