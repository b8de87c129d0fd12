import Foundation
import GraphQLCache

/// An entry of a log kept in memory (no journal attached): made, or still to be made from the
/// rows it changed.
enum HeldEntry: Sendable {
    case made(JournalEntry)
    case deferred(DeferredEntry)

    /// The entry, made now when it was deferred (on every core: someone waits for it).
    var entry: JournalEntry {
        switch self {
        case .made(let entry): entry
        case .deferred(let deferred): deferred.made(onEveryCore: true)
        }
    }
}

/// A big commit's entry whose deltas are made after the commit rather than during it: the rows
/// before and after are kept, and the deltas (each row decoded, each record's fields compared)
/// are made by the log's own low-priority thread, or when the entry is first read, whichever
/// comes first.
///
/// Why: the explorer's delete of 100,000 records waited under the store's write lock while
/// the log decoded every row it removed (38 % of the delete), and its undo while the log
/// compared every record it put back (half of the undo). Nobody reads those deltas until the
/// log overlay or time travel asks for them. Only an entry whose deltas cannot all be equal
/// is deferred (a row appears or goes: its delta is never empty), so that deferring never
/// keeps an entry that making it would have dropped; with a journal attached, the entry is
/// written to the file at once, as before.
struct DeferredEntry: Sendable {
    /// Tells this entry from the others while it waits (positions shift when history is
    /// prepended, `continueHistory`).
    let id: Int
    let sequence: Int
    let time: Date
    let origin: String
    /// The changed rows, in no order.
    let images: [RowImages]
    let digestBefore: CacheDigest?
    let digestAfter: CacheDigest?

    /// Entries of at least this many rows are deferred.
    static let from = 4_096

    /// Whether an entry of `images` may be deferred: big, and one of its deltas at least
    /// cannot be empty.
    static func defers(_ images: [RowImages]) -> Bool {
        images.count >= from && images.contains { $0.surelyHasDelta }
    }

    /// The entry, its records in key order. `onEveryCore`: the deltas are made on every core
    /// (someone waits); else on the calling thread (the log's low-priority one).
    func made(onEveryCore: Bool) -> JournalEntry {
        let ordered = KeyOrder.sortedIndices(images.map(\.key)).map { images[$0] }
        let deltas = onEveryCore ? RowImages.deltas(of: ordered) : ordered.compactMap(\.delta)
        return JournalEntry(sequence: sequence, time: time, origin: origin, records: deltas,
                            digestBefore: digestBefore, digestAfter: digestAfter)
    }
}

extension RowImages {
    /// Whether `delta` is surely not nil without making it: the row goes, or one appears that
    /// is known to hold fields (an added row that does not decode has no delta).
    var surelyHasDelta: Bool {
        guard let old else { return false }
        return old != nil && new == nil || old == nil && (newFields.map { !$0.isEmpty } ?? newHasFields)
    }
}
