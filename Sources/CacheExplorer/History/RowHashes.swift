import GraphQLCache

/// Each row's share of the cache's digest (`CacheDigest.rowHash`), by key, kept beside a
/// digest that a journal needs: when another process replaces a row nobody read, its bytes are
/// gone, but its share is here, so the digest takes it out exactly instead of reading every row
/// of the cache again after each such commit. It also says whether a key had a row at all.
///
/// Sixteen bytes a slot and no key text: an open-addressing table of 64-bit key hashes (linear
/// probing, backward-shift removal) beside the row hashes. Two keys
/// sharing a 64-bit hash are a risk of the same order as two caches sharing a digest. Past
/// `limit` rows it is not kept (the digest is then counted again instead). It grows by half
/// when three quarters full: 21 to 32 bytes a row.
struct RowHashes {
    /// Most rows whose shares are kept: at most 48 MB at the limit.
    static let rowLimit = 1_500_000

    private var slots: [UInt64]
    private var shares: [UInt64]
    private(set) var count = 0
    /// Most rows this table keeps (`rowLimit` but in tests).
    let limit: Int

    init(capacity: Int = 1_024, limit: Int = RowHashes.rowLimit) {
        self.limit = limit
        let size = max(16, capacity + capacity / 3)
        slots = Array(repeating: 0, count: size)
        shares = Array(repeating: 0, count: size)
    }

    /// The share of `key`'s row; nil when the key has no row.
    func share(of key: CacheKey) -> UInt64? {
        let hash = Self.keyHash(key)
        var slot = home(hash)
        while slots[slot] != 0 {
            if slots[slot] == hash { return shares[slot] }
            slot = next(slot)
        }
        return nil
    }

    /// Sets `key`'s share; false when the table would pass `limit` (then drop it).
    mutating func set(_ share: UInt64, for key: CacheKey) -> Bool {
        let hash = Self.keyHash(key)
        var slot = home(hash)
        while slots[slot] != 0 {
            if slots[slot] == hash { shares[slot] = share; return true }
            slot = next(slot)
        }
        guard count < limit else { return false }
        slots[slot] = hash
        shares[slot] = share
        count += 1
        if count * 4 > slots.count * 3 { grow() }
        return true
    }

    /// Forgets `key`'s row, returning its share (nil: it had none).
    mutating func remove(_ key: CacheKey) -> UInt64? {
        let hash = Self.keyHash(key)
        var slot = home(hash)
        while slots[slot] != hash {
            guard slots[slot] != 0 else { return nil }
            slot = next(slot)
        }
        let share = shares[slot]
        count -= 1
        // Backward shift: later entries of the run move into the hole when their home allows.
        var hole = slot, probe = next(slot)
        while slots[probe] != 0 {
            let home = home(slots[probe])
            if distance(from: home, to: probe) >= distance(from: hole, to: probe) {
                slots[hole] = slots[probe]
                shares[hole] = shares[probe]
                hole = probe
            }
            probe = next(probe)
        }
        slots[hole] = 0
        return share
    }

    private func home(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash.multipliedFullWidth(by: UInt64(slots.count)).high)
    }

    private func next(_ slot: Int) -> Int { slot + 1 == slots.count ? 0 : slot + 1 }

    private func distance(from start: Int, to end: Int) -> Int {
        end >= start ? end - start : end + slots.count - start
    }

    private mutating func grow() {
        var larger = RowHashes(capacity: count + count / 2, limit: limit)
        for slot in slots.indices where slots[slot] != 0 { larger.insert(hash: slots[slot], share: shares[slot]) }
        self = larger
    }

    private mutating func insert(hash: UInt64, share: UInt64) {
        var slot = home(hash)
        while slots[slot] != 0 { slot = next(slot) }
        slots[slot] = hash
        shares[slot] = share
        count += 1
    }

    /// FNV-1a 64 over the key's bytes with SplitMix64's finish; never 0 (an empty slot).
    static func keyHash(_ key: CacheKey) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        hash ^= hash >> 31
        return hash == 0 ? 1 : hash
    }
}
