/// A fingerprint of a cache's whole content, the same in every process and on every run: the
/// wrapping sum of a 64-bit hash of each row (key bytes, then record JSON bytes). A sum does not
/// depend on the order rows are read in and can follow a change row by row (`remove` the old
/// row, `add` the new one), so a recorder keeps it current without hashing the file again.
///
/// A journal stores it before and after each entry: a journal whose last digest is not the
/// cache's digest does not describe that cache (another file, or commits nobody recorded).
public struct CacheDigest: Hashable, Sendable, CustomStringConvertible {
    /// The sum of the rows' hashes.
    public private(set) var value: UInt64
    /// How many rows were added (less removed).
    public private(set) var rows: Int

    /// The digest of an empty cache.
    public init() {
        value = 0
        rows = 0
    }

    /// A digest read back from its text (`description`), with its row count.
    public init?(hex: String, rows: Int) {
        guard hex.utf8.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
        self.rows = rows
    }

    /// Counts one row in.
    public mutating func add(key: CacheKey, json: [UInt8]) {
        value &+= Self.rowHash(key: key, json: json)
        rows += 1
    }

    /// Takes one row out (it was removed or replaced).
    public mutating func remove(key: CacheKey, json: [UInt8]) {
        value &-= Self.rowHash(key: key, json: json)
        rows -= 1
    }

    /// Counts in one row given its `rowHash` (a row whose bytes were hashed earlier).
    package mutating func add(rowHash: UInt64) {
        value &+= rowHash
        rows += 1
    }

    /// Takes out one row given its `rowHash`: a row whose bytes are gone (replaced by another
    /// process) but whose hash was kept.
    package mutating func remove(rowHash: UInt64) {
        value &-= rowHash
        rows -= 1
    }

    /// Sixteen lowercase hex digits.
    public var description: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// FNV-1a over the key, a separator that UTF-8 never holds, and the JSON, then a final mix
    /// (SplitMix64's) so that sums of similar rows do not cancel out.
    package static func rowHash(key: CacheKey, json: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.rawValue.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        hash = (hash ^ 0xFF) &* 0x0100_0000_01b3
        for byte in json { hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01b3 }
        hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
        hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
        return hash ^ (hash >> 31)
    }
}
