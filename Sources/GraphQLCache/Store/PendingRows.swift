/// Rows a scan has read but not yet interned: their keys and referenced keys copied out of the
/// buffer they were read from, so that `ReferenceGraph.finishRows()` interns the keys of many
/// rows together. A row of a big file usually brings one key not seen lately, whose lookup is
/// a cache miss on the table and another on the key's entry; one row at a time those misses
/// come one after another, while a batch of rows lets them overlap (`InternedKeys`).
struct PendingRows: Sendable {
    /// Every pending key's bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each pending key ends in `bytes` (it starts where the one before ends).
    private var ends: [Int] = []
    /// For each pending row, the index of its own key among the pending keys: the keys after
    /// the previous row's key and before its own are what it references.
    private(set) var rows: [Int] = []

    /// How many keys are pending.
    var keyCount: Int { ends.count }

    /// Whether no row is pending.
    var isEmpty: Bool { rows.isEmpty }

    /// Adds a key: a reference of the row being read, or (last) the row's own key.
    mutating func add(_ key: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: key)
        ends.append(bytes.count)
    }

    /// The row being read is complete: the key added last is its own.
    mutating func endRow() { rows.append(ends.count - 1) }

    /// Forgets the keys added since the last complete row (a row whose text must be decoded).
    mutating func dropOpenRow() {
        let kept = rows.last.map { $0 + 1 } ?? 0
        ends.removeLast(ends.count - kept)
        bytes.removeLast(bytes.count - (ends.last ?? 0))
    }

    /// Calls `body` with a function giving each pending key's bytes by index.
    func withKeys<T>(_ body: ((Int) -> UnsafeBufferPointer<UInt8>) -> T) -> T {
        bytes.withUnsafeBufferPointer { all in
            body { index in UnsafeBufferPointer(rebasing: all[(index == 0 ? 0 : ends[index - 1])..<ends[index]]) }
        }
    }

    /// Forgets every pending row, keeping the storage for the next ones.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
    }
}
