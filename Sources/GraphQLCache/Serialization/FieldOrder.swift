/// The order record JSON writes a record's members in: Swift's `<` on the field keys, so that
/// equal records encode identically (and as every earlier version wrote them).
///
/// Why not sort the keys with `<` directly: on one thread, sorting a record's keys with String
/// comparisons and reaching each field through a dictionary index was about a third of encoding
/// it (callgrind), and a re-merge encodes every incoming record to compare it with the stored
/// row. Here each key's first eight bytes are read once as a big-endian integer, and the fields
/// are ordered by those integers, comparing whole keys only when two share those bytes. For
/// ASCII keys (field names always are) byte order is Swift's order; a record with another key
/// is sorted with `<` alone, which normalizes Unicode as Swift's order requires. A key Swift
/// stores inline (at most 15 bytes, `InlineUTF8`) that needs no escape is written from its two
/// words (`Member.wordCount`).
enum FieldOrder {
    /// One field as the dictionary's iterator gave it, and the first eight bytes of its key.
    struct Member {
        var prefix: UInt64
        /// Bytes 8..<15 of the key, little-endian, when `wordCount` is above 8.
        var high: UInt64
        /// The key's length when the key is all in `prefix` and `high` (one to fifteen bytes)
        /// and needs no escape in JSON, else 0.
        var wordCount: Int
        var key: String
        var value: CacheValue
    }

    /// What `forEach` reads of a key before sorting.
    struct KeyPrefix {
        var prefix: UInt64
        var high: UInt64 = 0
        var ascii: Bool
        var wordCount: Int
    }

    /// Calls `body` with each field in key order, and its rank in that order.
    ///
    /// The dictionary is walked once with its iterator (an index walk called into the runtime
    /// per field and checked each index twice), and each field is moved out of the temporary
    /// buffer when its turn comes, so it is copied once, not twice.
    @inline(__always)
    static func forEach(inKeyOrder fields: [String: CacheValue], inlineStrings: Bool,
                        _ body: (_ rank: Int, _ member: Member) -> Void) {
        withUnsafeTemporaryAllocation(of: Member.self, capacity: fields.count) { members in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: fields.count) { order in
                let base = members.baseAddress!
                var count = 0, ascii = true
                for (key, value) in fields {
                    let read = prefix(of: key, inlineStrings: inlineStrings)
                    ascii = ascii && read.ascii
                    (base + count).initialize(to: Member(prefix: read.prefix, high: read.high, wordCount: read.wordCount,
                                                         key: key, value: value))
                    order[count] = count
                    count += 1
                }
                var sorted = UnsafeMutableBufferPointer(rebasing: order[0..<count])
                if ascii {
                    sort(&sorted) { a, b in
                        let x = base[a].prefix, y = base[b].prefix
                        return x != y ? x < y : base[a].key < base[b].key
                    }
                } else {
                    sort(&sorted) { a, b in base[a].key < base[b].key }
                }
                for rank in 0..<count {
                    body(rank, (base + sorted[rank]).move())
                }
            }
        }
    }

    /// Above this many fields, `sort` sorts in O(n log n) rather than inserting: insertion alone
    /// made one write of a 100,000-field record take minutes.
    static let insertionSortLimit = 32

    /// An insertion sort for the usual few fields (fastest on a dozen, no allocation), the
    /// standard library's sort above `insertionSortLimit`.
    @inline(__always)
    private static func sort(_ order: inout UnsafeMutableBufferPointer<Int>, by precedes: (Int, Int) -> Bool) {
        guard order.count <= insertionSortLimit else { return order.sort(by: precedes) }
        for next in order.indices.dropFirst() {
            let entry = order[next]
            var slot = next
            while slot > 0, precedes(entry, order[slot - 1]) {
                order[slot] = order[slot - 1]
                slot -= 1
            }
            order[slot] = entry
        }
    }

    /// The key's first eight UTF-8 bytes as a big-endian integer (so that integer order is byte
    /// order), whether every byte of the key is ASCII, and its `Member.wordCount` (with `high`).
    /// An inline key is read from its words (`InlineUTF8`, when `inlineStrings`), others from
    /// their bytes.
    @inline(__always)
    static func prefix(of key: String, inlineStrings: Bool) -> KeyPrefix {
        if let inline = InlineUTF8(key, layoutHolds: inlineStrings) {
            let plain = inline.count > 0
                && !JSONTokenWriter.needsEscape(low: inline.low, high: inline.high, count: inline.count)
            return KeyPrefix(prefix: inline.bigEndianPrefix, high: inline.high, ascii: inline.isASCII,
                             wordCount: plain ? inline.count : 0)
        }
        if let read = key.utf8.withContiguousStorageIfAvailable(prefix(of:)) { return read }
        var contiguous = key
        return contiguous.withUTF8(prefix(of:))
    }

    private static func prefix(of utf8: UnsafeBufferPointer<UInt8>) -> KeyPrefix {
        guard let base = utf8.baseAddress else { return KeyPrefix(prefix: 0, ascii: true, wordCount: 0) }
        let raw = UnsafeRawPointer(base)
        let count = utf8.count
        let highs: UInt64 = 0x8080_8080_8080_8080
        guard count >= 8 else {
            var prefix: UInt64 = 0
            if count >= 4 {
                // The first four bytes and the last four, each put where it belongs in the
                // big-endian word; where they overlap they are the same bytes.
                let first = UInt64(UInt32(bigEndian: raw.loadUnaligned(as: UInt32.self))) << 32
                let last = UInt64(UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
                prefix = first | last << (64 - 8 * UInt64(count))
            } else {
                for offset in 0..<count { prefix |= UInt64(utf8[offset]) << (56 - 8 * offset) }
            }
            let short = count > 0 && JSONTokenWriter.firstEscape(in: utf8) == nil ? count : 0
            return KeyPrefix(prefix: prefix, ascii: prefix & highs == 0, wordCount: short)
        }
        let first = raw.loadUnaligned(as: UInt64.self)
        var high = first, offset = 8
        while offset + 8 <= count {
            high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        if offset < count { high |= raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) }
        let short = count == 8 && JSONTokenWriter.firstEscape(in: utf8) == nil ? 8 : 0
        return KeyPrefix(prefix: UInt64(bigEndian: first), ascii: high & highs == 0, wordCount: short)
    }
}
