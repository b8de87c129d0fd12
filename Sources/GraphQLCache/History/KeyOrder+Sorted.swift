extension KeyOrder {
    /// `keys` in key order (`precedes`), each compared by its first 16 bytes packed into two
    /// integers and only on a tie by its whole bytes.
    ///
    /// Why: the explorer's write log and the SQLite cache's removal by keys each sort a big
    /// delete's 100,000 keys, and comparing them as strings (each comparison reaching into two
    /// strings' bytes) was most of the log's entry.
    public static func sorted<Keys: Collection<CacheKey>>(_ keys: Keys) -> [CacheKey] {
        let keys = Array(keys)
        return sortedIndices(keys).map { keys[$0] }
    }

    /// The indices of `keys` in the order `sorted` puts the keys: for values carried with
    /// their keys (the write log's row images), sorted without a lookup by key.
    public static func sortedIndices(_ keys: [CacheKey]) -> [Int] {
        var entries = keys.indices.map { SortEntry(prefix: prefix(of: keys[$0]), index: $0) }
        entries.sort { lhs, rhs in
            if lhs.high != rhs.high { return lhs.high < rhs.high }
            if lhs.low != rhs.low { return lhs.low < rhs.low }
            return precedes(keys[lhs.index], keys[rhs.index])
        }
        return entries.map(\.index)
    }

    private struct SortEntry {
        var high: UInt64
        var low: UInt64
        var index: Int

        init(prefix: (UInt64, UInt64), index: Int) {
            (high, low) = prefix
            self.index = index
        }
    }

    /// The key's first 16 UTF-8 bytes, big-endian, zero after its end: two keys whose
    /// prefixes differ are in the order of their prefixes (a key ending first has a zero where
    /// the other has a byte; both zero is a tie, settled by the whole bytes).
    private static func prefix(of key: CacheKey) -> (UInt64, UInt64) {
        var high: UInt64 = 0, low: UInt64 = 0
        var position = 0
        for byte in key.rawValue.utf8.prefix(16) {
            if position < 8 {
                high |= UInt64(byte) << (56 - 8 * position)
            } else {
                low |= UInt64(byte) << (56 - 8 * (position - 8))
            }
            position += 1
        }
        return (high, low)
    }
}
