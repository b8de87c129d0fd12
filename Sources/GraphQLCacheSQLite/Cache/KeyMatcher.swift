import Foundation
import GraphQLCache

/// `KeyPattern.matches` as SQLite's `cachelens_key_matches(key, pattern)` runs it, once per row
/// of a scan, on the key's bytes; and, as `cachelens_key_removed`, the same test noting each key
/// it matches, which is how a removal learns the keys it deleted.
///
/// Why not SQLite's `LIKE` with a check of the keys it cannot judge: `LIKE` folds ASCII only
/// and stops at a NUL, so an exact removal needed `LIKE` plus, on every row, a test of whether
/// the key is ASCII (`length` of the text and of its bytes). This one test is exact for every
/// key and about as cheap as `LIKE`: the pattern is prepared once per scan (SQLite passes the
/// same bound bytes on every row), an ASCII key is searched byte by byte with no `String`
/// made, and only a non-ASCII key (or pattern) goes to `KeyPattern` itself.
///
/// Why note the keys here rather than `DELETE … RETURNING "key"`: SQLite runs a `RETURNING`
/// delete in two passes through a temporary table, which cost more than the whole scan
/// (100,000 rows, 11,111 removed: 2.2x of Apollo's plain `LIKE` delete with it, 0.95x
/// without). The removal's `WHERE` is this test alone, so the rows it holds for are exactly
/// the rows deleted; the removal checks the count against `sqlite3_changes`.
final class KeyMatcher {
    /// The pattern's bytes as last passed, to notice a new one.
    private var source: UnsafeMutableBufferPointer<UInt8>
    /// The pattern with ASCII letters lower-cased, when it is all ASCII.
    private var needle: UnsafeMutableBufferPointer<UInt8>
    private var isASCII = true
    private var pattern = KeyPattern("")
    /// The keys `noteMatches` matched since `startNoting`; nil when not noting.
    private var noted: [CacheKey]?

    init() {
        source = .allocate(capacity: 0)
        needle = .allocate(capacity: 0)
    }

    deinit {
        source.deallocate()
        needle.deallocate()
    }

    /// Whether `KeyPattern(pattern).matches(key)` holds, both given as UTF-8 bytes.
    func matches(key: UnsafeBufferPointer<UInt8>, pattern bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if !isCurrent(bytes) { prepare(bytes) }
        if isASCII, let found = Self.searchASCII(key, needle: UnsafeBufferPointer(needle)) { return found }
        return pattern.matches(utf8: key)
    }

    /// `matches`, noting the key when it matches and a removal is noting (`startNoting`).
    func noteMatches(key: UnsafeBufferPointer<UInt8>, pattern bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard matches(key: key, pattern: bytes) else { return false }
        noted?.append(CacheKey(String(decoding: key, as: UTF8.self)))
        return true
    }

    /// Starts noting the keys `noteMatches` matches, forgetting any noted before.
    func startNoting() {
        noted = []
    }

    /// The keys noted since `startNoting`, and stops noting.
    func stopNoting() -> [CacheKey] {
        defer { noted = nil }
        return noted ?? []
    }

    private func isCurrent(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == source.count else { return false }
        guard let given = bytes.baseAddress, let known = source.baseAddress else { return true }
        return memcmp(given, known, bytes.count) == 0
    }

    private func prepare(_ bytes: UnsafeBufferPointer<UInt8>) {
        source.deallocate()
        needle.deallocate()
        source = .allocate(capacity: bytes.count)
        _ = source.initialize(from: bytes)
        isASCII = bytes.allSatisfy { $0 < 0x80 }
        needle = .allocate(capacity: isASCII ? bytes.count : 0)
        if isASCII { _ = needle.initialize(from: bytes.lazy.map(Self.lower)) }
        pattern = KeyPattern(String(decoding: bytes, as: UTF8.self))
    }

    /// Byte-wise ASCII case-insensitive search of `needle` (lower case) in `key`, as
    /// `KeyPattern` searches ASCII keys; nil when the key is not ASCII (a non-ASCII letter may
    /// fold to an ASCII one, so `KeyPattern` decides).
    private static func searchASCII(_ key: UnsafeBufferPointer<UInt8>, needle: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard isASCII(key) else { return nil }
        let count = needle.count
        guard count > 0 else { return true }
        guard count <= key.count else { return false }
        let first = needle[0]
        let firstUpper = first >= 97 && first <= 122 ? first - 32 : first
        let base = key.baseAddress!
        let last = key.count - count
        var start = 0
        while start <= last {
            let byte = base[start]
            if byte == first || byte == firstUpper {
                var offset = 1
                while offset < count, lower(base[start + offset]) == needle[offset] { offset += 1 }
                if offset == count { return true }
            }
            start += 1
        }
        return false
    }

    /// Whether every byte is below 0x80, eight bytes at a time.
    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        var high: UInt64 = 0
        while offset + 8 <= bytes.count {
            high |= UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            high |= UInt64(bytes[offset])
            offset += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    @inline(__always) private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte + 32 : byte
    }
}
