import GraphQLCache

/// Every key of a SQLite cache in `CacheKey` order (roots first, natural order), kept in memory
/// so that the explorer pages through a million keys in O(page) per key press.
///
/// Why in memory: SQLite's index on `key` is in binary order (`Item:10` before `Item:2`), and an
/// `ORDER BY` with a custom collation re-sorts the whole table for every page. Each key is kept
/// once, encoded by `NaturalKeyEncoding` (byte order is natural order), in one byte arena with
/// 32-bit offsets: about 23 bytes a key with its place in the order, not a `String` each. The
/// order is built by `EncodedKeySort` and kept up to date by the cache's own writes; a commit
/// by another process (`data_version`) makes the cache rebuild it.
package struct SortedKeyIndex: Sendable {
    private(set) var bytes: [UInt8] = []
    /// Key `slot` is `bytes[starts[slot]..<starts[slot + 1]]`.
    private(set) var starts: [UInt32] = [0]
    /// Slots in natural order.
    private(set) var order: [UInt32] = []
    /// Whether every key is ASCII and no digit run is 32 digits or longer: then the encoded
    /// bytes hold each key's non-digit text verbatim between bytes no filter text can match.
    private(set) var plainASCII = true

    package init() {}

    /// Set when a key did not fit (the arena holds 4 GiB): the index is then incomplete.
    package private(set) var isFull = false

    /// Adds a key (UTF-8) while building; `sortAll()` must follow the last one. When the arena
    /// is full nothing is added and `isFull` is set.
    package mutating func appendUnsorted(_ key: UnsafeBufferPointer<UInt8>) {
        let end = Int(starts[starts.count - 1]), room = NaturalKeyEncoding.maximumSize(key.count)
        guard end + room <= Int(UInt32.max) else { isFull = true; return }
        if bytes.count < end + room { grow(toHold: end + room) }
        let written = bytes.withUnsafeMutableBufferPointer { NaturalKeyEncoding.encode(key, into: $0.baseAddress! + end) }
        starts.append(UInt32(end + written))
    }

    private static func isPlainASCII(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var bits: UInt8 = 0, run = 0, longest = 0
        for byte in key {
            bits |= byte
            run = byte >= 48 && byte <= 57 ? run + 1 : 0
            longest = max(longest, run)
        }
        return bits < 0x80 && longest < 32
    }

    /// Reserves room for about `keys` keys before appending them, so that the arena is not
    /// copied as it grows. Room not written to costs address space only, not resident memory.
    package mutating func reserve(keys: Int) {
        guard keys > 0 else { return }
        starts.reserveCapacity(keys + 1)
        let end = Int(starts[starts.count - 1])
        grow(toHold: min(Int(UInt32.max), end + keys * Self.reservedBytesPerKey))
    }

    /// Arena bytes reserved per key expected (an `Item:123456` key takes 15).
    static let reservedBytesPerKey = 40

    /// Makes the arena at least `needed` bytes long, by half again each time. The new room is
    /// left uninitialized (no key is read past its end), so pages not written yet stay free.
    private mutating func grow(toHold needed: Int) {
        let end = Int(starts[starts.count - 1])
        let size = min(Int(UInt32.max), max(needed, bytes.count + bytes.count / 2, 1 << 16))
        bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            bytes.withUnsafeBufferPointer { old in
                if end > 0 { buffer.baseAddress!.update(from: old.baseAddress!, count: end) }
            }
            initialized = size
        }
    }

    /// Puts every key appended so far in natural order (and finds whether they are plain ASCII:
    /// here, off the reading pass that the first screen waits for).
    package mutating func sortAll() {
        order = EncodedKeySort.order(bytes: bytes, starts: starts, count: slotCount)
        plainASCII = withEncodedKeys { encoded in
            (0..<slotCount).allSatisfy { NaturalKeyEncoding.isPlainASCII(encoded: encoded($0)) }
        }
    }

    package var count: Int { order.count }

    /// How many keys were appended.
    package var slotCount: Int { starts.count - 1 }

    /// The key at `position` in natural order.
    func key(at position: Int) -> CacheKey {
        keyOfSlot(Int(order[position]))
    }

    /// The keys at `range` of positions (clamped to the index).
    package func keys(in range: Range<Int>) -> [CacheKey] {
        range.clamped(to: 0..<count).map(key(at:))
    }

    /// Adds keys that are not in the index yet, each at its place in order; false when the
    /// arena is full and the index must be rebuilt.
    mutating func insert(_ newKeys: [CacheKey]) -> Bool {
        for key in newKeys {
            let position = NaturalKeyEncoding.encode(key).withUnsafeBufferPointer { lowerBound(of: $0) }
            var raw = key.rawValue
            raw.withUTF8 { appendUnsorted($0) }
            if isFull { return false }
            if plainASCII { plainASCII = raw.withUTF8(Self.isPlainASCII) }
            order.insert(UInt32(slotCount - 1), at: position)
        }
        return true
    }

    /// Adds many keys that are not in the index yet: appended, sorted among themselves
    /// (`EncodedKeySort`), and merged with the order in one pass; false when the arena is full
    /// and the index must be rebuilt. When more slots are dead (removed keys whose bytes stay)
    /// than live, the arena is compacted first.
    ///
    /// Why: the undo of a delete of 100,000 records writes their keys back. One search and
    /// one shift of the order for each (`insert`) is quadratic, so a batch of more than a few
    /// hundred keys dropped the listing, and the screen's next key press read and sorted every
    /// key of the file again, a quarter of a second on its thread.
    mutating func merge(_ newKeys: [CacheKey]) -> Bool {
        merge(sorted: Self.sortedBatch(newKeys))
    }

    /// `keys` as an index of their own, in order: made before the listing's lock is taken, and
    /// merged under it (`merge(sorted:)`), so that the screen's page, which takes the lock,
    /// waits for the merge alone, not for the batch's sort.
    package static func sortedBatch(_ keys: [CacheKey]) -> SortedKeyIndex {
        var batch = SortedKeyIndex()
        batch.reserve(keys: keys.count)
        for key in keys {
            var raw = key.rawValue
            raw.withUTF8 { batch.appendUnsorted($0) }
        }
        batch.sortAll()
        return batch
    }

    /// `merge(_:)` of a batch sorted already (`sortedBatch`).
    mutating func merge(sorted batch: SortedKeyIndex) -> Bool {
        guard !batch.isFull else { return false }
        if slotCount - count > count { compact() }
        let firstNew = slotCount
        let fits = batch.withEncodedKeys { encoded in
            for slot in batch.order {
                appendEncoded(encoded(Int(slot)))
                if isFull { return false }
            }
            return true
        }
        guard fits else { return false }
        plainASCII = plainASCII && batch.plainASCII
        var merged: [UInt32] = []
        merged.reserveCapacity(order.count + batch.count)
        withEncodedKeys { encoded in
            var old = 0, new = firstNew
            while old < order.count, new < slotCount {
                if NaturalKeyEncoding.compare(encoded(Int(order[old])), encoded(new)) <= 0 {
                    merged.append(order[old])
                    old += 1
                } else {
                    merged.append(UInt32(new))
                    new += 1
                }
            }
            merged.append(contentsOf: order[old...])
            for slot in new..<slotCount { merged.append(UInt32(slot)) }
        }
        order = merged
        return true
    }

    /// Adds a key already encoded (`NaturalKeyEncoding`); sets `isFull` when it does not fit.
    private mutating func appendEncoded(_ encoded: UnsafeBufferPointer<UInt8>) {
        let end = Int(starts[starts.count - 1])
        guard end + encoded.count <= Int(UInt32.max) else { isFull = true; return }
        if bytes.count < end + encoded.count { grow(toHold: end + encoded.count) }
        if let source = encoded.baseAddress, encoded.count > 0 {
            bytes.withUnsafeMutableBufferPointer { ($0.baseAddress! + end).update(from: source, count: encoded.count) }
        }
        starts.append(UInt32(end + encoded.count))
    }

    /// Keeps only the bytes of the keys in the order, slot by slot in order (so the order
    /// becomes 0, 1, 2…): what removals left behind is given back.
    private mutating func compact() {
        var kept: [UInt8] = []
        var keptStarts: [UInt32] = [0]
        keptStarts.reserveCapacity(count + 1)
        withEncodedKeys { encoded in
            kept.reserveCapacity(order.reduce(0) { $0 + encoded(Int($1)).count })
            for slot in order {
                kept.append(contentsOf: encoded(Int(slot)))
                keptStarts.append(UInt32(kept.count))
            }
        }
        (bytes, starts) = (kept, keptStarts)
        order = (0..<UInt32(keptStarts.count - 1)).map { $0 }
    }

    /// Drops `removed` keys from the order (their bytes stay until the next rebuild): their
    /// positions are found by binary search, then the order is closed up in one pass.
    ///
    /// Why one pass: removing each key at its position shifted the rest of the order once per
    /// key, and a commit deleting 100,000 of 100,000 keys spent seconds moving memory.
    mutating func remove(_ removed: Set<CacheKey>) {
        closeUp(removed.compactMap(position(of:)).sorted())
    }

    /// Drops `removed` keys, every one of which `pattern` matches (the keys a removal by
    /// pattern deleted): one sweep of the order with the filter's byte test (`KeyTest`) finds
    /// the keys the pattern matches, and only those are looked up in `removed`. For many keys
    /// that costs a test each, where `remove(_:)` encodes each key and searches for it (a
    /// removal of 100,000 of 100,000 keys: most of the removal's own time).
    mutating func remove(_ removed: Set<CacheKey>, allMatching pattern: KeyPattern) {
        guard removed.count >= Self.sweptRemovalMinimum, removed.count * 32 >= count else { return remove(removed) }
        var positions: [Int] = []
        positions.reserveCapacity(removed.count)
        withKeyTest(KeyTest(pattern, plainASCII: plainASCII)) { accepts in
            for position in 0..<order.count where accepts(position) && removed.contains(key(at: position)) {
                positions.append(position)
            }
        }
        // A removed key the sweep did not find (not listed, or a test that disagrees): each is
        // looked up as `remove(_:)` does, which finds every listed one.
        guard positions.count == removed.count else { return remove(removed) }
        closeUp(positions)
    }

    /// Drops every key `pattern` matches: after a removal by pattern, whose statement deleted
    /// every row whose key it matches, none can be left, whichever the listing holds. One
    /// sweep with the filter's byte test, no key made or looked up.
    mutating func removeAll(matching pattern: KeyPattern) {
        var positions: [Int] = []
        withKeyTest(KeyTest(pattern, plainASCII: plainASCII)) { accepts in
            for position in 0..<order.count where accepts(position) { positions.append(position) }
        }
        closeUp(positions)
    }

    /// Below this many removed keys, looking each up costs less than a sweep.
    static let sweptRemovalMinimum = 64

    /// Closes up the order over `positions` (ascending) in one pass.
    private mutating func closeUp(_ positions: [Int]) {
        guard let first = positions.first else { return }
        order.withUnsafeMutableBufferPointer { order in
            var kept = first, next = 0
            for position in first..<order.count {
                if next < positions.count, positions[next] == position {
                    next += 1
                } else {
                    order[kept] = order[position]
                    kept += 1
                }
            }
        }
        order.removeLast(positions.count)
    }

    /// Whether `key` is in the index.
    package func contains(_ key: CacheKey) -> Bool { position(of: key) != nil }

    /// Where `key` stands in the order, if it is there.
    private func position(of key: CacheKey) -> Int? {
        NaturalKeyEncoding.encode(key).withUnsafeBufferPointer { target in
            let position = lowerBound(of: target)
            guard position < count else { return nil }
            let same = withEncodedKeys { NaturalKeyEncoding.compare($0(Int(order[position])), target) == 0 }
            return same ? position : nil
        }
    }

    /// The first position whose key is not below `target` (an encoded key).
    private func lowerBound(of target: UnsafeBufferPointer<UInt8>) -> Int {
        withEncodedKeys { encoded in
            var low = 0, high = order.count
            while low < high {
                let middle = (low + high) / 2
                if NaturalKeyEncoding.compare(encoded(Int(order[middle])), target) < 0 { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    func keyOfSlot(_ slot: Int) -> CacheKey {
        withEncodedKeys { NaturalKeyEncoding.decodeKey($0(slot)) }
    }

    /// Calls `body` with a function giving a slot's encoded bytes (valid during the call).
    func withEncodedKeys<T>(_ body: ((Int) -> UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        try bytes.withUnsafeBufferPointer { buffer in
            try starts.withUnsafeBufferPointer { starts in
                try body { slot in UnsafeBufferPointer(rebasing: buffer[Int(starts[slot])..<Int(starts[slot + 1])]) }
            }
        }
    }
}
