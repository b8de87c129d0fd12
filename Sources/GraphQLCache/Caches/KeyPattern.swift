/// The one definition of "key matches pattern" for removal and filtering, shared by every cache
/// so that they agree: a literal substring (no wildcards: `%` and `_` are characters),
/// compared case-insensitively with full Unicode case folding (`ÜNÏ` matches `ünï`).
public struct KeyPattern: Sendable, Hashable {
    /// The pattern as given.
    public let pattern: String
    /// Whether the pattern is pure ASCII, in which case backends may use a byte-wise ASCII test.
    public let isASCII: Bool
    @usableFromInline let folded: String
    @usableFromInline let foldedASCII: [UInt8]

    public init(_ pattern: String) {
        self.pattern = pattern
        self.folded = Self.fold(pattern)
        self.isASCII = pattern.utf8.allSatisfy { $0 < 0x80 }
        self.foldedASCII = isASCII ? Array(folded.utf8) : []
    }

    /// Whether `key` contains the pattern. The empty pattern matches every key.
    public func matches(_ key: String) -> Bool {
        if folded.isEmpty { return true }
        if isASCII {
            var key = key
            if let result = key.withUTF8({ Self.containsASCII($0, foldedASCII) }) { return result }
        }
        return Self.fold(key).contains(folded)
    }

    public func matches(_ key: CacheKey) -> Bool { matches(key.rawValue) }

    /// `matches` for a key given as UTF-8 bytes (the SQLite cache keeps a million keys as
    /// bytes): no `String` is made when the pattern and the key are ASCII.
    public func matches(utf8 key: UnsafeBufferPointer<UInt8>) -> Bool {
        if folded.isEmpty { return true }
        if isASCII, let result = Self.containsASCII(key, foldedASCII) { return result }
        return Self.fold(String(decoding: key, as: UTF8.self)).contains(folded)
    }

    /// `matches` for a key known to be all ASCII, given as bytes: for an ASCII pattern, a
    /// byte-wise case-insensitive search with no check of the key (the SQLite key index knows
    /// its keys are ASCII and filters a million of them per key typed).
    @inlinable
    public func matches(asciiUTF8 key: UnsafeBufferPointer<UInt8>) -> Bool {
        if foldedASCII.isEmpty && folded.isEmpty { return true }
        guard isASCII else { return matches(utf8: key) }
        return Self.searchASCII(key, foldedASCII)
    }

    /// Lower-cases (Unicode-aware); `contains` then compares by `Character`, so canonically
    /// equivalent spellings (precomposed or combining marks) match too.
    public static func fold(_ text: String) -> String { text.lowercased() }

    /// Byte-wise ASCII case-insensitive search; nil when the key is not ASCII (then the full
    /// Unicode test decides, since a non-ASCII letter may fold to an ASCII one).
    private static func containsASCII(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool? {
        for byte in haystack where byte >= 0x80 { _ = byte; return nil }
        return searchASCII(haystack, needle)
    }

    /// Byte-wise ASCII case-insensitive search of a non-empty `needle` (lower case).
    @inlinable
    static func searchASCII(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        let n = needle.count, h = haystack.count
        if n > h { return false }
        let first = needle[0]
        var i = 0
        while i <= h - n {
            if lower(haystack[i]) == first {
                var j = 1
                while j < n && lower(haystack[i + j]) == needle[j] { j += 1 }
                if j == n { return true }
            }
            i += 1
        }
        return false
    }

    @inlinable @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 65 && byte <= 90 ? byte + 32 : byte
    }
}
