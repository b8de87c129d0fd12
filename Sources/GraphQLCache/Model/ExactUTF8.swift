import Foundation

/// Text compared as its exact UTF-8 bytes: the rule for cache keys and field names.
///
/// Why not `String`'s own `==` and hashing: they follow Unicode canonical equivalence, so `Café`
/// written precomposed (NFC) and decomposed (NFD), or `K` and the Kelvin sign (U+212A), are one
/// string to Swift, yet two keys to SQLite (which compares bytes) and to Apollo iOS. Any
/// dictionary or set keyed by `String` would merge such keys and drop a record.
///
/// Bytes equal implies `String`s equal, so a type hashed here may still use `String` APIs for
/// anything that does not decide whether two keys are one.
package enum ExactUTF8 {
    /// Whether the two strings hold the same UTF-8 bytes.
    @inline(__always)
    package static func equal(_ lhs: String, _ rhs: String) -> Bool {
        #if _pointerBitWidth(_64)
        // The same two words are the same string (one storage, or the same inline bytes).
        if unsafeBitCast(lhs, to: (UInt64, UInt64).self) == unsafeBitCast(rhs, to: (UInt64, UInt64).self) { return true }
        #endif
        let count = lhs.utf8.count
        guard count == rhs.utf8.count else { return false }
        if count == 0 { return true }
        let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                memcmp(left.baseAddress!, right.baseAddress!, count) == 0
            }
        }
        if let fast, let result = fast { return result }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }

    /// Feeds the string's UTF-8 bytes and their count to `hasher`: equal bytes hash alike,
    /// whatever the string's storage.
    @inline(__always)
    package static func hash(_ text: String, into hasher: inout Hasher) {
        let count = text.utf8.count
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        }
        if done == nil {
            Array(text.utf8).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        hasher.combine(count)
    }

    /// Byte order as a sign (negative: `lhs` first, 0: the same bytes, positive: `rhs` first),
    /// with one `memcmp` where both strings are contiguous: a merge join of two sorted lists
    /// asks "same, before or after?" once per step instead of twice byte by byte.
    package static func compare(_ lhs: String, _ rhs: String) -> Int {
        let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                let common = min(left.count, right.count)
                let sign = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
                return sign != 0 ? Int(sign) : left.count - right.count
            }
        }
        if let fast, let result = fast { return result }
        if lhs.utf8.elementsEqual(rhs.utf8) { return 0 }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? -1 : 1
    }

    /// Byte order (SQLite's `BINARY` collation): a total order that never calls two different
    /// keys equal, for sorts whose ties would otherwise be arbitrary.
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let fast = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in
                left.lexicographicallyPrecedes(right)
            }
        }
        if let fast, let result = fast { return result }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }
}

/// A `String` that is equal to another only when their UTF-8 bytes are: the key type for
/// dictionaries whose keys are cache keys or field names given as text (a JSON object's
/// members, a harness request's records).
package struct ExactText: Hashable, Sendable {
    package let text: String

    @inline(__always) package init(_ text: String) { self.text = text }

    @inline(__always)
    package static func == (lhs: ExactText, rhs: ExactText) -> Bool { ExactUTF8.equal(lhs.text, rhs.text) }

    @inline(__always)
    package func hash(into hasher: inout Hasher) { ExactUTF8.hash(text, into: &hasher) }
}

extension ExactUTF8 {
    /// After a field named `name` was set in `fields` where a field already was: why the record
    /// cannot be kept when that field's name is equal to `name` as text but not as bytes (a
    /// `String`-keyed dictionary would have put one value under both), nil when it is the same
    /// name repeated.
    package static func fieldNameClash(in fields: [String: CacheValue], with name: String) -> String? {
        guard let index = fields.index(forKey: name) else { return nil }
        let stored = fields.keys[index]
        guard !equal(stored, name) else { return nil }
        return "fields \"\(visible(stored))\" and \"\(visible(name))\" are equal as text but differ as bytes,"
            + " and one record cannot keep both"
    }

    /// The text with every non-ASCII or control scalar written as `\u{XXXX}`, so that two
    /// names that look alike read differently in a message.
    package static func visible(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value < 0x7F {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }
}
