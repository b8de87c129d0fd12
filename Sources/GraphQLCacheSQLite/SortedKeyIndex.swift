import GraphQLCache

/// Every key of a SQLite cache in `CacheKey` order (roots first, natural order), kept in memory
/// so that the explorer pages through a million keys in O(page) per key press.
///
/// Why in memory: SQLite's index on `key` is in binary order (`Item:10` before `Item:2`), and an
/// `ORDER BY` with a custom collation re-sorts the whole table for every page. The keys are held
/// in one byte buffer with offsets (about 30 bytes a key, not a `String` object each), sorted
/// once with an allocation-free comparator, and kept up to date by the cache's own writes; a
/// commit by another process (`data_version`) makes the cache rebuild it.
struct SortedKeyIndex {
    private var bytes: [UInt8] = []
    private var starts: [Int] = []
    private var lengths: [Int32] = []
    /// Positions into `starts`, in natural order.
    private var order: [Int32] = []

    init() {}

    /// Adds a key while building; `sortAll()` must follow the last one.
    mutating func appendUnsorted(_ key: UnsafeBufferPointer<UInt8>) {
        append(key)
    }

    /// Puts every key appended so far in natural order.
    mutating func sortAll() {
        order = Array(0..<Int32(starts.count))
        sortOrder()
    }

    var count: Int { order.count }

    /// The key at `position` in natural order.
    func key(at position: Int) -> CacheKey {
        let slot = Int(order[position])
        let start = starts[slot], end = start + Int(lengths[slot])
        return CacheKey(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    /// The keys at `range` of positions (clamped to the index).
    func keys(in range: Range<Int>) -> [CacheKey] {
        let clamped = range.clamped(to: 0..<count)
        return clamped.map(key(at:))
    }

    /// Positions of the keys `filter` accepts, in order.
    func positions(where filter: (CacheKey) -> Bool) -> [Int32] {
        (0..<count).compactMap { filter(key(at: $0)) ? Int32($0) : nil }
    }

    /// The `k` smallest and the `k` largest keys, each in natural order, from keys appended but
    /// not sorted yet. The keys arrive nearly in order (SQLite's binary order), so the smallest
    /// are kept in a pass from the front and the largest in a pass from the back: either way
    /// most keys are rejected by one comparison with the worst kept so far. The largest serve
    /// `G` (the bottom) at once while the full sort runs.
    func extremes(_ k: Int) -> (smallest: [CacheKey], largest: [CacheKey]) {
        guard k > 0 else { return ([], []) }
        var low: [(slot: Int, rank: Int)] = [], high: [(slot: Int, rank: Int)] = []
        low.reserveCapacity(k + 1)
        high.reserveCapacity(k + 1)
        bytes.withUnsafeBufferPointer { buffer in
            func precedes(_ a: (slot: Int, rank: Int), _ b: (slot: Int, rank: Int)) -> Bool {
                if a.rank != b.rank { return a.rank < b.rank }
                return NaturalOrder.compareUTF8(slice(buffer, a.slot), slice(buffer, b.slot)) < 0
            }
            func candidate(_ slot: Int) -> (slot: Int, rank: Int) {
                (slot, NaturalOrder.rootRank(bytes: slice(buffer, slot)))
            }
            for slot in 0..<starts.count {
                let key = candidate(slot)
                if low.count < k || precedes(key, low[k - 1]) { Self.keep(key, in: &low, limit: k, before: precedes) }
            }
            for slot in (0..<starts.count).reversed() {
                let key = candidate(slot)
                if high.count < k || precedes(high[k - 1], key) {
                    Self.keep(key, in: &high, limit: k, before: { precedes($1, $0) })
                }
            }
        }
        return (low.map { keyOfSlot($0.slot) }, high.reversed().map { keyOfSlot($0.slot) })
    }

    /// Inserts `candidate` into `best` (ordered by `before`), dropping the worst beyond `limit`.
    private static func keep(_ candidate: (slot: Int, rank: Int), in best: inout [(slot: Int, rank: Int)], limit: Int,
                             before: ((slot: Int, rank: Int), (slot: Int, rank: Int)) -> Bool) {
        var lower = 0, upper = best.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if before(candidate, best[middle]) { upper = middle } else { lower = middle + 1 }
        }
        best.insert(candidate, at: lower)
        if best.count > limit { best.removeLast() }
    }

    /// How many keys were appended.
    var slotCount: Int { starts.count }

    /// Adds keys that are not in the index yet, each at its place in order.
    mutating func insert(_ newKeys: [CacheKey]) {
        for key in newKeys {
            var raw = key.rawValue
            raw.withUTF8 { append($0) }
            let slot = Int32(starts.count - 1)
            let position = insertionPoint(forSlot: Int(slot))
            order.insert(slot, at: position)
        }
    }

    /// Drops `removed` keys from the order (their bytes stay until the next rebuild).
    mutating func remove(_ removed: Set<CacheKey>) {
        guard !removed.isEmpty else { return }
        order = order.filter { !removed.contains(keyOfSlot(Int($0))) }
    }

    private func keyOfSlot(_ slot: Int) -> CacheKey {
        let start = starts[slot], end = start + Int(lengths[slot])
        return CacheKey(String(decoding: bytes[start..<end], as: UTF8.self))
    }

    private mutating func append(_ key: UnsafeBufferPointer<UInt8>) {
        starts.append(bytes.count)
        lengths.append(Int32(key.count))
        bytes.append(contentsOf: key)
    }

    private func insertionPoint(forSlot slot: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            let key = slice(buffer, slot)
            var low = 0, high = order.count
            while low < high {
                let middle = (low + high) / 2
                if NaturalOrder.compareBytes(slice(buffer, Int(order[middle])), key) < 0 {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low
        }
    }

    private mutating func sortOrder() {
        let starts = self.starts, lengths = self.lengths
        bytes.withUnsafeBufferPointer { buffer in
            let ranks = starts.indices.map { slot in
                UInt8(NaturalOrder.rootRank(bytes: UnsafeBufferPointer(rebasing: buffer[starts[slot]..<starts[slot] + Int(lengths[slot])])))
            }
            order.sort { x, y in
                let a = Int(x), b = Int(y)
                if ranks[a] != ranks[b] { return ranks[a] < ranks[b] }
                let left = UnsafeBufferPointer(rebasing: buffer[starts[a]..<starts[a] + Int(lengths[a])])
                let right = UnsafeBufferPointer(rebasing: buffer[starts[b]..<starts[b] + Int(lengths[b])])
                return NaturalOrder.compareUTF8(left, right) < 0
            }
        }
    }

    private func slice(_ buffer: UnsafeBufferPointer<UInt8>, _ slot: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[starts[slot]..<starts[slot] + Int(lengths[slot])])
    }
}
