/// The field names (object keys) a run of record decodes has met, so that each row reuses the
/// `String` made for the first row instead of making its own.
///
/// Why: loading 100,000 records from SQLite spent about a fifth of its decoding making
/// `String`s for member names, the same seven on every row (`__typename`, `id`, `$reference`…),
/// each validated and built anew. A name of up to 16 ASCII bytes is looked up here by its bytes
/// (two words compared, no hashing of the `String`); longer or non-ASCII names are made as
/// before. The table is a small cache of two places per name (from two parts of its hash): a
/// name whose two places are both taken replaces the second, so a record of many distinct
/// names costs a compare or two per name more, never an unbounded table. With one place, two
/// of the seven names of the benchmark's items (`name`, `tags`) shared it and replaced each
/// other on every row. One table serves one thread (a load, a scan); it is not `Sendable`. It
/// also keeps the stack those decodes gather objects' members on (`MemberStack`), so that
/// what a run of decodes reuses travels together.
package final class FieldNameTable {
    /// Where the decodes using this table gather each object's members.
    let members = MemberStack.Owner()

    private static let slotCount = 64
    /// Per slot: the name's bytes as two words (`words(_:count:)`).
    private let words: UnsafeMutablePointer<UInt64>
    /// Per slot: the name's length in bytes, or 0 when the slot is empty (the empty name is
    /// never kept: it is made for free).
    private let lengths: UnsafeMutablePointer<Int>
    private let names: UnsafeMutablePointer<String>

    /// An empty table.
    public init() {
        words = .allocate(capacity: Self.slotCount * 2)
        words.initialize(repeating: 0, count: Self.slotCount * 2)
        lengths = .allocate(capacity: Self.slotCount)
        lengths.initialize(repeating: 0, count: Self.slotCount)
        names = .allocate(capacity: Self.slotCount)
        names.initialize(repeating: "", count: Self.slotCount)
    }

    deinit {
        names.deinitialize(count: Self.slotCount)
        names.deallocate()
        lengths.deallocate()
        words.deallocate()
    }

    /// The name spelled by `ascii` (bytes all below 0x80, no escapes), made once per table.
    func name(_ ascii: UnsafeBufferPointer<UInt8>) -> String {
        let count = ascii.count
        guard count > 0, count <= 16, let base = ascii.baseAddress else { return String(decoding: ascii, as: UTF8.self) }
        let (low, high) = Self.words(base, count: count)
        let mixed = (low ^ high.rotatedLeft8 ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        let first = Int(truncatingIfNeeded: mixed >> 58)
        if holds(first, count, low, high) { return names[first] }
        let second = Int(truncatingIfNeeded: (mixed >> 52) & 63)
        if holds(second, count, low, high) { return names[second] }
        let name = String(knownASCII: ascii)
        // An empty first place is taken, else the second is replaced.
        let slot = lengths[first] == 0 ? first : second
        lengths[slot] = count
        words[2 * slot] = low
        words[2 * slot + 1] = high
        names[slot] = name
        return name
    }

    @inline(__always) private func holds(_ slot: Int, _ count: Int, _ low: UInt64, _ high: UInt64) -> Bool {
        lengths[slot] == count && words[2 * slot] == low && words[2 * slot + 1] == high
    }
}

extension FieldNameTable {
    /// The name's bytes as two words, which with its length tell it from any other name of up
    /// to 16 bytes: from 8 bytes on, its first 8 and its last 8 (overlapping under 16), read
    /// whole; under 8, its bytes gathered one by one. A copy of a variable length, as before,
    /// called `memcpy` twice per name.
    @inline(__always) private static func words(_ base: UnsafePointer<UInt8>, count: Int) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        var low: UInt64 = 0
        for at in 0..<count { low |= UInt64(base[at]) << (8 * UInt64(at)) }
        return (low, 0)
    }
}

private extension UInt64 {
    var rotatedLeft8: UInt64 { (self << 8) | (self >> 56) }
}
