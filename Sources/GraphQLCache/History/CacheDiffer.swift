import Foundation

/// Walks two caches side by side in key order and yields what differs, record by record: the
/// diff of `cachelens diff A B` and the change a journal entry records.
///
/// One pass over both (a merge join): each side is read once, a page at a time, so the cost is
/// linear in records and memory stays at a page per side however big the files. Rows whose
/// stored JSON is byte-equal are equal without decoding; only rows whose bytes differ are
/// decoded and compared field by field (another writer may spell an equal value differently,
/// so differing bytes alone never make a change).
public struct CacheDiffer {
    private var before: any KeyOrderedRows
    private var after: any KeyOrderedRows
    private var nextBefore: KeyedRow?
    private var nextAfter: KeyedRow?
    private var started = false
    private let filter: KeyPattern?
    /// Rows that could not be read on either side; their keys are left out of the diff.
    public private(set) var broken: [BrokenRecord] = []
    /// Rows read from each side so far.
    public private(set) var rowsRead = (before: 0, after: 0)
    /// The work done so far, counted (not timed) so that a test holds the diff linear: key
    /// comparisons (at most two per row read: its order check and one join step) and rows
    /// decoded (only those whose bytes differ, never an equal row).
    public private(set) var work = (keyComparisons: 0, rowsDecoded: 0)

    /// A diff from `before` to `after`, of the keys that contain `keys` (all when nil).
    public init(before: any KeyOrderedRows, after: any KeyOrderedRows, keys: KeyPattern? = nil) {
        self.before = before
        self.after = after
        self.filter = keys
    }

    /// The next record that differs, in key order; nil when both sides are done.
    public mutating func next() throws -> RecordDelta? {
        if !started {
            started = true
            nextBefore = try pull(fromBefore: true, previous: nil)
            nextAfter = try pull(fromBefore: false, previous: nil)
        }
        while nextBefore != nil || nextAfter != nil {
            // One comparison per step says which side goes: the same key, or the lesser one.
            let order: Int
            if let old = nextBefore, let new = nextAfter {
                work.keyComparisons += 1
                order = KeyOrder.compare(old.key, new.key)
            } else {
                order = nextBefore == nil ? 1 : -1
            }
            let old = order <= 0 ? nextBefore : nil, new = order >= 0 ? nextAfter : nil
            if let old { nextBefore = try pull(fromBefore: true, previous: old.key) }
            if let new { nextAfter = try pull(fromBefore: false, previous: new.key) }
            if let delta = try compare(old, new) { return delta }
        }
        return nil
    }

    /// Every difference, in key order (for small caches and tests; a command streams `next`).
    public mutating func all() throws -> [RecordDelta] {
        var deltas: [RecordDelta] = []
        while let delta = try next() { deltas.append(delta) }
        return deltas
    }

    /// The next row of one side that passes the filter, checking that keys ascend: a source out
    /// of order would make the join report equal records as removed and added.
    private mutating func pull(fromBefore: Bool, previous: CacheKey?) throws -> KeyedRow? {
        while true {
            let row = fromBefore ? try before.next() : try after.next()
            guard let row else { return nil }
            if fromBefore { rowsRead.before += 1 } else { rowsRead.after += 1 }
            work.keyComparisons += previous == nil ? 0 : 1
            if let previous, KeyOrder.compare(previous, row.key) >= 0 {
                throw GraphQLCacheError.storage("rows are not in key order: \"\(row.key)\" after \"\(previous)\"")
            }
            if let filter, !filter.matches(row.key) { continue }
            return row
        }
    }

    /// The delta between two rows of one key (either may be missing); a row that cannot be read
    /// on either side is noted in `broken` and its key left out.
    private mutating func compare(_ old: KeyedRow?, _ new: KeyedRow?) throws -> RecordDelta? {
        if case .json(let a)? = old?.content, case .json(let b)? = new?.content, Self.sameBytes(a, b) { return nil }
        let key = (old ?? new)!.key
        work.rowsDecoded += (old == nil ? 0 : 1) + (new == nil ? 0 : 1)
        do throws(GraphQLCacheError) {
            return RecordDelta.between(key: key, before: try old?.fields(), after: try new?.fields())
        } catch {
            broken.append(error.brokenRecord ?? BrokenRecord(key: key, reason: error.description))
            return nil
        }
    }

    /// Whether two stored rows are the same bytes: one `memcmp` (most rows of two versions of
    /// a cache are equal, so this is the join's commonest question after the key order).
    static func sameBytes(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBufferPointer { left in
            b.withUnsafeBufferPointer { right in
                left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0
            }
        }
    }
}
