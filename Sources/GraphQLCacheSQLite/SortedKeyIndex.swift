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

    /// The `k` smallest keys in natural order, from keys appended but not sorted yet: one pass
    /// that keeps the best `k` so far, most keys rejected by one comparison with the worst.
    func smallest(_ k: Int) -> [CacheKey] {
        guard k > 0 else { return [] }
        var best: [(slot: Int, rank: Int)] = []
        best.reserveCapacity(k + 1)
        bytes.withUnsafeBufferPointer { buffer in
            func precedes(_ a: (slot: Int, rank: Int), _ b: (slot: Int, rank: Int)) -> Bool {
                if a.rank != b.rank { return a.rank < b.rank }
                return NaturalOrder.compareUTF8(slice(buffer, a.slot), slice(buffer, b.slot)) < 0
            }
            for slot in 0..<starts.count {
                let candidate = (slot: slot, rank: NaturalOrder.rootRank(bytes: slice(buffer, slot)))
                if best.count == k, !precedes(candidate, best[k - 1]) { continue }
                var low = 0, high = best.count
                while low < high {
                    let middle = (low + high) / 2
                    if precedes(candidate, best[middle]) { high = middle } else { low = middle + 1 }
                }
                best.insert(candidate, at: low)
                if best.count > k { best.removeLast() }
            }
        }
        return best.map { keyOfSlot($0.slot) }
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
