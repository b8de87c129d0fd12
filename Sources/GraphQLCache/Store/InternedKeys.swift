import Foundation

/// Keys numbered by their bytes: what `ReferenceGraph` makes of every row's key and every key a
/// row references, so that a scan of 100,000 rows makes no `String` and no dictionary entry per
/// key, and a key read straight from SQLite's buffer is looked up without being copied.
///
/// Every key is stored once in one byte array as an entry: its length and node number (four
/// bytes each) and then its bytes. An open-addressing table maps keys to entries; each slot
/// holds the upper bits of its key's hash beside the entry's offset, so a probe reads the entry
/// only when those bits agree, and a key already there costs one slot read and one entry read
/// (the length, node and bytes lie together). Keys are equal when their bytes are, as
/// `CacheKey` and SQLite compare them.
struct InternedKeys: Sendable {
    /// The entries, one after another in node order.
    private var entries: [UInt8] = []
    /// Where each node's entry starts in `entries`.
    private var offsets: [Int] = []
    /// Open addressing, a power of two in size, at most half full: 0 is an empty slot, else the
    /// hash's upper 24 bits over (offset + 1) in the lower 40.
    private var slots = [UInt64](repeating: 0, count: 1024)
    /// A batch's hashes, then the slot each one's probe starts at, then the header of the entry
    /// that slot holds (`batchSize` of each; kept to spare allocations per batch).
    private var batchHashes: [UInt64] = []

    /// How many keys there are.
    var count: Int { offsets.count }

    /// The node of `key`, added when new.
    mutating func intern(_ key: UnsafeBufferPointer<UInt8>) -> Int32 {
        intern(key, hash: Self.hash(key), preloaded: nil)
    }

    /// Interns the keys `key(0)`…`key(count - 1)` in order, calling `body` with each one's
    /// index and node. The keys are looked up in batches: each batch first reads the slots its
    /// keys' probes start at and the headers of the entries those hold (reads that do not wait
    /// on one another, in loops short enough that many are under way at once, so their cache
    /// misses overlap), then interns the keys, whose probes find those in the cache. One at a
    /// time, each lookup of a key not seen lately waited for its two misses in turn.
    mutating func intern(count: Int, _ key: (Int) -> UnsafeBufferPointer<UInt8>, _ body: (Int, Int32) -> Void) {
        if batchHashes.isEmpty { batchHashes = [UInt64](repeating: 0, count: Self.batchSize * 3) }
        var first = 0
        while first < count {
            let size = min(Self.batchSize, count - first)
            batchHashes.withUnsafeMutableBufferPointer { batch in
                for at in 0..<size { batch[at] = Self.hash(key(first + at)) }
            }
            preload(size)
            for at in 0..<size {
                let preloaded = (batchHashes[Self.batchSize + at], batchHashes[2 * Self.batchSize + at])
                body(first + at, intern(key(first + at), hash: batchHashes[at], preloaded: preloaded))
            }
            first += size
        }
    }

    private static var batchSize: Int { 64 }

    /// Reads the slot each of the batch's `size` hashes starts at, then the header of the entry
    /// it holds, into the second and third parts of `batchHashes`.
    private mutating func preload(_ size: Int) {
        let mask = slots.count - 1
        let width = Self.batchSize
        slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                batchHashes.withUnsafeMutableBufferPointer { batch in
                    for at in 0..<size { batch[width + at] = slots[Int(truncatingIfNeeded: batch[at]) & mask] }
                    guard let entries = UnsafeRawPointer(entries.baseAddress) else { return }
                    for at in 0..<size where batch[width + at] != 0 {
                        batch[2 * width + at] = entries.loadUnaligned(fromByteOffset: Int(batch[width + at] & Self.offsetMask) - 1, as: UInt64.self)
                    }
                }
            }
        }
    }

    private mutating func intern(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64,
                                 preloaded: (slot: UInt64, header: UInt64)?) -> Int32 {
        let (slot, found) = probe(key, hash: hash, preloaded: preloaded)
        if let found { return found }
        let node = Int32(truncatingIfNeeded: count)
        let offset = entries.count
        offsets.append(offset)
        let header = UInt64(UInt32(truncatingIfNeeded: key.count)) | UInt64(UInt32(bitPattern: node)) << 32
        withUnsafeBytes(of: header.littleEndian) { entries.append(contentsOf: $0) }
        entries.append(contentsOf: key)
        slots[slot] = hash & Self.tagMask | UInt64(offset + 1)
        if count * 2 > slots.count { grow() }
        return node
    }

    /// The node of `key`, if interned.
    func find(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        probe(key, hash: Self.hash(key)).node.map(Int.init)
    }

    /// The key of `node`.
    func key(of node: Int) -> CacheKey {
        entries.withUnsafeBufferPointer { all in
            let start = offsets[node] + Self.headerSize
            let length = Int(UnsafeRawPointer(all.baseAddress!).loadUnaligned(fromByteOffset: offsets[node], as: UInt32.self).littleEndian)
            return CacheKey(String(decoding: UnsafeBufferPointer(rebasing: all[start..<start + length]), as: UTF8.self))
        }
    }

    private static let headerSize = 8
    private static let tagMask: UInt64 = 0xFFFF_FF00_0000_0000
    private static let offsetMask: UInt64 = 0x0000_00FF_FFFF_FFFF

    /// Where `key` is (its slot and node), or the empty slot where it would go. `preloaded` is
    /// what a batch read earlier of the first slot and its entry's header: when the slot still
    /// holds that entry (entries never change), a length that differs rules it out unread.
    private func probe(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64,
                       preloaded: (slot: UInt64, header: UInt64)? = nil) -> (slot: Int, node: Int32?) {
        let tag = hash & Self.tagMask
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        var entry = slots[slot]
        if let preloaded, entry != 0, entry == preloaded.slot, Int(UInt32(truncatingIfNeeded: preloaded.header)) != key.count {
            slot = (slot + 1) & mask
            entry = slots[slot]
        }
        return entries.withUnsafeBufferPointer { all in
            let base = UnsafeRawPointer(all.baseAddress)
            while entry != 0 {
                if entry & Self.tagMask == tag, let base {
                    let offset = Int(entry & Self.offsetMask) - 1
                    if Self.entry(at: base + offset, holds: key) {
                        return (slot, Int32(bitPattern: base.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self).littleEndian))
                    }
                }
                slot = (slot + 1) & mask
                entry = slots[slot]
            }
            return (slot, nil)
        }
    }

    /// Whether the entry at `entry` is `key`'s: the same length, then the same bytes compared
    /// eight at a time.
    private static func entry(at entry: UnsafeRawPointer, holds key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(entry.loadUnaligned(as: UInt32.self).littleEndian) == key.count else { return false }
        guard let other = key.baseAddress.map(UnsafeRawPointer.init) else { return true }
        let stored = entry + headerSize
        var at = 0
        while at + 8 <= key.count {
            if stored.loadUnaligned(fromByteOffset: at, as: UInt64.self) != other.loadUnaligned(fromByteOffset: at, as: UInt64.self) {
                return false
            }
            at += 8
        }
        while at < key.count {
            if stored.load(fromByteOffset: at, as: UInt8.self) != key[at] { return false }
            at += 1
        }
        return true
    }

    /// Doubles the table and places every entry again (by the hash of its bytes).
    private mutating func grow() {
        var table = [UInt64](repeating: 0, count: slots.count * 2)
        let mask = table.count - 1
        entries.withUnsafeBufferPointer { all in
            for offset in offsets {
                let length = Int(UnsafeRawPointer(all.baseAddress!).loadUnaligned(fromByteOffset: offset, as: UInt32.self).littleEndian)
                let hash = Self.hash(UnsafeBufferPointer(rebasing: all[offset + Self.headerSize..<offset + Self.headerSize + length]))
                var slot = Int(truncatingIfNeeded: hash) & mask
                while table[slot] != 0 { slot = (slot + 1) & mask }
                table[slot] = hash & Self.tagMask | UInt64(offset + 1)
            }
        }
        slots = table
    }
}
