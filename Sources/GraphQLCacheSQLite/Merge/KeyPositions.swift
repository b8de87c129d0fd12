import GraphQLCache

/// Where each of a merge's keys is in its list: an open-addressing table over the keys' UTF-8
/// bytes, for matching the rows a batched select returns to the incoming records.
///
/// Why not `[CacheKey: Int]`: hashing each key with the standard library's SipHash, once to
/// build and once per row found, cost more than half of what a re-merge did beyond SQLite's
/// own work. The bytes are hashed here a word at a time with a multiply-and-fold mix, seeded
/// per table (so keys from a hostile server cannot be chosen to collide), and a match is
/// confirmed with `==` on the keys, so a collision costs a probe, never a wrong answer. Keys
/// are found by their bytes, as SQLite's `BINARY` comparison matched them: a canonically
/// equivalent key spelled with other bytes (`é` and `e` + U+0301) is not the same row there.
struct KeyPositions {
    private let keys: [CacheKey]
    /// Per slot: the position of a key, or -1 for an empty slot.
    private var slots: [Int32]
    /// Per slot: the hash of the key there, to skip most comparisons of different keys.
    private var hashes: [UInt64]
    private let mask: Int
    private let seed: UInt64

    /// Indexes `keys` (a later duplicate key is not indexed: positions point at the first).
    init(_ keys: [CacheKey]) {
        self.keys = keys
        var capacity = 16
        while capacity < keys.count * 2 { capacity *= 2 }
        slots = Array(repeating: -1, count: capacity)
        hashes = Array(repeating: 0, count: capacity)
        mask = capacity - 1
        seed = UInt64.random(in: UInt64.min...UInt64.max)
        for (position, key) in keys.enumerated() { insert(key, at: position) }
    }

    /// The position of `key` in the list, if it is there.
    func position(of key: CacheKey) -> Int? {
        let hash = Self.hash(key, seed: seed)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let position = slots[slot]
            if position < 0 { return nil }
            if hashes[slot] == hash, keys[Int(position)] == key { return Int(position) }
            slot = (slot + 1) & mask
        }
    }

    private mutating func insert(_ key: CacheKey, at position: Int) {
        let hash = Self.hash(key, seed: seed)
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            if hashes[slot] == hash, keys[Int(slots[slot])] == key { return }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(position)
        hashes[slot] = hash
    }

    /// The hash of the key's bytes; a key Swift stores inline (most keys: `Item:12345`) is
    /// hashed from its two words (`InlineUTF8`), to the same value its bytes give.
    private static func hash(_ key: CacheKey, seed: UInt64) -> UInt64 {
        if let inline = InlineUTF8(key.rawValue, layoutHolds: InlineUTF8.layoutHolds) {
            let hash = seed ^ (UInt64(inline.count) &* 0x9E37_79B9_7F4A_7C15)
            if inline.count == 0 { return mix(hash) }
            let first = mix(hash ^ inline.low)
            return inline.count <= 8 ? first : mix(first ^ inline.high)
        }
        if let hash = key.rawValue.utf8.withContiguousStorageIfAvailable({ hash($0, seed: seed) }) { return hash }
        var copy = key.rawValue
        return copy.withUTF8 { hash($0, seed: seed) }
    }

    /// Folds the bytes in a word at a time; the last word is padded with zeros, and the length
    /// is mixed in so that padding never makes two keys equal. No bytes at all are mixed once,
    /// whether or not the empty buffer has an address.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return mix(hash) }
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = mix(hash ^ UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            offset += 8
        }
        if offset < bytes.count {
            var last: UInt64 = 0
            for index in offset..<bytes.count { last |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
            hash = mix(hash ^ last)
        }
        return hash
    }

    @inline(__always) private static func mix(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return product.high ^ product.low
    }
}
