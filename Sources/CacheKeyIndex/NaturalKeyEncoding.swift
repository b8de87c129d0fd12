import GraphQLCache

/// Keys rewritten so that plain byte comparison (a shorter key first when one is a prefix of the
/// other) gives exactly `NaturalOrder`: the SQLite cache sorts a million keys with a radix sort
/// over these bytes instead of calling `NaturalOrder` twenty million times.
///
/// The encoding is a root-rank byte (`NaturalOrder.rootRank`) followed by the key's bytes, with
/// each maximal run of ASCII digits replaced by a marker (`0`, which sorts against other bytes as
/// every digit does), the count of significant digits, the significant digits, and the count of
/// leading zeros: the order `NaturalOrder` gives a digit run (value, then the shorter spelling).
/// Counts below 255 take one byte, others 255 and eight big-endian bytes, so that they are
/// prefix-free and ordered. The encoding is reversible, so the index keeps only these bytes.
enum NaturalKeyEncoding {
    static let digitRunMarker = UInt8(ascii: "0")

    /// Room enough to encode a key of `count` bytes (a digit run never grows more than fourfold).
    static func maximumSize(_ count: Int) -> Int { 1 + 4 * count }

    /// Writes the encoding of `key` to `out`, which has `maximumSize(key.count)` bytes; returns
    /// how many it wrote.
    static func encode(_ key: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        out[0] = UInt8(NaturalOrder.rootRank(bytes: key))
        var written = 1, i = 0
        while i < key.count {
            let byte = key[i]
            guard isDigit(byte) else {
                out[written] = byte
                written += 1; i += 1
                continue
            }
            var end = i
            while end < key.count && isDigit(key[end]) { end += 1 }
            var significant = i
            while significant < end - 1 && key[significant] == UInt8(ascii: "0") { significant += 1 }
            out[written] = digitRunMarker
            written += 1
            written += writeCount(end - significant, to: out + written)
            for k in significant..<end { out[written] = key[k]; written += 1 }
            written += writeCount(significant - i, to: out + written)
            i = end
        }
        return written
    }

    /// The encoding of `key` as an array (for single keys: inserts, removals, tests).
    static func encode(_ key: CacheKey) -> [UInt8] {
        var raw = key.rawValue
        return raw.withUTF8 { utf8 in
            [UInt8](unsafeUninitializedCapacity: maximumSize(utf8.count)) { buffer, count in
                count = encode(utf8, into: buffer.baseAddress!)
            }
        }
    }

    /// Appends the original key bytes of `encoded` to `out`.
    static func decode(_ encoded: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) {
        var i = 1
        while i < encoded.count {
            let byte = encoded[i]
            i += 1
            guard byte == digitRunMarker else { out.append(byte); continue }
            let significant = readCount(encoded, at: &i)
            let digits = i
            i += significant
            let zeros = readCount(encoded, at: &i)
            for _ in 0..<zeros { out.append(UInt8(ascii: "0")) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: encoded[digits..<(digits + significant)]))
        }
    }

    /// Writes the original key bytes of `encoded` to `out` and returns their count, or nil
    /// when they need more than `capacity` bytes (long runs of leading zeros).
    @inline(__always)
    static func decode(_ encoded: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int? {
        var i = 1, written = 0
        while i < encoded.count {
            let byte = encoded[i]
            i += 1
            guard byte == digitRunMarker else {
                guard written < capacity else { return nil }
                out[written] = byte
                written += 1
                continue
            }
            let significant = readCount(encoded, at: &i)
            let digits = i
            i += significant
            let zeros = readCount(encoded, at: &i)
            guard written + zeros + significant <= capacity else { return nil }
            for k in 0..<zeros { out[written + k] = UInt8(ascii: "0") }
            written += zeros
            for k in 0..<significant { out[written + k] = encoded[digits + k] }
            written += significant
        }
        return written
    }

    /// Whether the key of `encoded` is all ASCII with every digit run under 32 digits (so that
    /// each count byte is below 0x20, a byte no filter text of printable characters contains).
    static func isPlainASCII(encoded: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 1
        while i < encoded.count {
            let byte = encoded[i]
            i += 1
            if byte >= 0x80 { return false }
            guard byte == digitRunMarker else { continue }
            let significant = readCount(encoded, at: &i)
            i += significant
            let zeros = readCount(encoded, at: &i)
            if significant + zeros >= 32 { return false }
        }
        return true
    }

    /// The key whose encoding is `encoded`.
    static func decodeKey(_ encoded: UnsafeBufferPointer<UInt8>) -> CacheKey {
        var raw: [UInt8] = []
        raw.reserveCapacity(encoded.count)
        decode(encoded, into: &raw)
        return CacheKey(String(decoding: raw, as: UTF8.self))
    }

    /// Byte order with a shorter key first on a common prefix: negative, zero or positive.
    /// Eight bytes at a time, since keys share long prefixes (`Item:`, `QUERY_ROOT.`).
    @inline(__always)
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        var i = 0
        if common >= 8, let pa = a.baseAddress, let pb = b.baseAddress {
            let raw = (UnsafeRawPointer(pa), UnsafeRawPointer(pb))
            while i + 8 <= common {
                let x = raw.0.loadUnaligned(fromByteOffset: i, as: UInt64.self).bigEndian
                let y = raw.1.loadUnaligned(fromByteOffset: i, as: UInt64.self).bigEndian
                if x != y { return x < y ? -1 : 1 }
                i += 8
            }
        }
        while i < common {
            if a[i] != b[i] { return a[i] < b[i] ? -1 : 1 }
            i += 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }

    private static func writeCount(_ value: Int, to out: UnsafeMutablePointer<UInt8>) -> Int {
        guard value >= 0xFF else { out[0] = UInt8(value); return 1 }
        out[0] = 0xFF
        let wide = UInt64(value)
        for k in 0..<8 { out[1 + k] = UInt8(truncatingIfNeeded: wide >> (56 - 8 * UInt64(k))) }
        return 9
    }

    @inline(__always)
    private static func readCount(_ encoded: UnsafeBufferPointer<UInt8>, at i: inout Int) -> Int {
        let first = encoded[i]
        i += 1
        guard first == 0xFF else { return Int(first) }
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(encoded[i]); i += 1 }
        return Int(value)
    }
}
