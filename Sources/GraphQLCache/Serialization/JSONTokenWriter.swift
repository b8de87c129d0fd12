/// Writes JSON tokens into memory already reserved for them, with no checks per token: the one
/// place that knows how strings are escaped and numbers spelled. `JSONWriter` reserves room
/// for each token and moves a cursor over it; `RecordEncoder` checks room per token against the
/// end of the buffer and writes a whole record with one cursor.
struct JSONTokenWriter {
    /// Where the next byte goes.
    private(set) var position: UnsafeMutablePointer<UInt8>

    init(_ start: UnsafeMutablePointer<UInt8>) { position = start }

    /// Room a quoted string may take: every byte escaped as `\u00XX`, plus the quotes.
    static func quotedBound(_ utf8Count: Int) -> Int { utf8Count * 6 + 2 }
    /// Room an integer takes at most (`-9223372036854775808`).
    static let intBound = 20
    /// Room a double takes at most (its shortest round-trip text plus `.0`), or `null`.
    static let doubleBound = 32

    /// Moves past `count` bytes written in place from `position` on.
    @inline(__always) mutating func advance(by count: Int) {
        position += count
    }

    @inline(__always) mutating func byte(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    @inline(__always) mutating func raw(_ text: StaticString) {
        raw(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Copies `bytes`; up to 16 bytes (most keys and strings in records) with two overlapping
    /// word moves instead of a call to `memcpy`.
    @inline(__always) mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        let source = UnsafeRawPointer(base), target = UnsafeMutableRawPointer(position)
        if count >= 8, count <= 16 {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self),
                              toByteOffset: count - 8, as: UInt64.self)
        } else if count >= 4, count < 8 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self),
                              toByteOffset: count - 4, as: UInt32.self)
        } else {
            position.initialize(from: base, count: count)
        }
        position += count
    }

    mutating func int(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = position
        repeat {
            byte(UInt8(truncatingIfNeeded: 48 + magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        var digits = UnsafeMutableBufferPointer(start: start, count: position - start)
        digits.reverse()
    }

    /// The shortest text that reads back as the same double, always with a `.` or exponent;
    /// non-finite values have no JSON form and are written as `null`.
    mutating func double(_ value: Double) {
        guard value.isFinite else { return raw("null") }
        if decimal(value) { return }
        var text = value.description
        let isIntegral = text.withUTF8 { utf8 in
            raw(utf8)
            return !utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }
        }
        if isIntegral { raw(".0") }
    }

    @inline(__always) mutating func quoted(_ value: String) {
        if value.utf8.withContiguousStorageIfAvailable({ quoted($0) }) == nil {
            var contiguous = value
            contiguous.withUTF8 { quoted($0) }
        }
    }

    /// Copies the whole string, then looks for a byte that needs an escape in whole words:
    /// most strings need none, and checking byte by byte cost more than the copy (callgrind: a
    /// quoted string took ~150 instructions, a quarter of encoding a record). From the first such
    /// byte on, the rest is rewritten with its escapes.
    mutating func quoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        byte(UInt8(ascii: "\""))
        let start = position
        raw(utf8)
        if let first = Self.firstEscape(in: utf8) {
            position = start + first
            var runStart = first
            for index in first..<utf8.count where Self.needsEscape(utf8[index]) {
                raw(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                escape(utf8[index])
                runStart = index + 1
            }
            raw(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
        byte(UInt8(ascii: "\""))
    }

    /// A string of at most 15 bytes that need no escape, given as two little-endian words
    /// (`InlineUTF8`'s, or a key's prefix with `high` 0): two stores, no copy loop. Needs room
    /// for eighteen bytes.
    @inline(__always) mutating func quoted(low: UInt64, high: UInt64, count: Int) {
        byte(UInt8(ascii: "\""))
        let target = UnsafeMutableRawPointer(position)
        target.storeBytes(of: low.littleEndian, as: UInt64.self)
        target.storeBytes(of: high.littleEndian, toByteOffset: 8, as: UInt64.self)
        position += count
        byte(UInt8(ascii: "\""))
    }

    /// Whether any of the first `count` (at most 15) bytes held in two little-endian words is a
    /// control byte, quote or backslash, when the bytes past `count` are zero. Those padding
    /// bytes are flagged (zero is a control byte) and a flag never carries down into the bytes
    /// before it, so the string needs an escape exactly when the lowest flag lies within it.
    @inline(__always) static func needsEscape(low: UInt64, high: UInt64, count: Int) -> Bool {
        if count <= 8 { return plainFlags(inWord: low).trailingZeroBitCount < 8 &* count }
        return plainFlags(inWord: low) != 0 || plainFlags(inWord: high).trailingZeroBitCount < 8 &* (count &- 8)
    }

    /// `escapeFlags(inWord:)` in fewer steps, for when only whether a byte is flagged matters:
    /// a byte is a control byte or a quote exactly when, xor 0x02, it is at most 0x20 (xor 0x02
    /// swaps 0x20 and 0x22 and keeps 0x00...0x1F among themselves).
    @inline(__always) private static func plainFlags(inWord word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let shifted = word ^ (ones &* 0x02)
        let backslash = word ^ (ones &* 0x5C)
        return (((shifted &- ones &* 0x21) & ~shifted) | ((backslash &- ones) & ~backslash)) & highs
    }

    /// Where the first control byte, quote or backslash is, if any, eight bytes at a time: a
    /// string of four to seven bytes is read as its first four and last four (overlapping), a
    /// shorter one byte by byte, and a longer one's last partial word overlapping the word before
    /// it, which holds none.
    @inline(__always) static func firstEscape(in utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = utf8.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let count = utf8.count
        guard count >= 8 else {
            guard count >= 4 else {
                for offset in 0..<count where needsEscape(utf8[offset]) { return offset }
                return nil
            }
            // The first four bytes and the last four (overlapping when fewer than eight).
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            guard let found = firstEscape(inWord: low | high << 32) else { return nil }
            return found < 4 ? found : count - 8 + found
        }
        var offset = 0
        while offset + 8 <= count {
            if let found = firstEscape(inWord: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) {
                return offset + found
            }
            offset += 8
        }
        guard offset < count else { return nil }
        let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        return firstEscape(inWord: last).map { count - 8 + $0 }
    }

    /// The index of the first byte of a little-endian word that is a control byte, quote or
    /// backslash: the lowest of `escapeFlags`, which is exact.
    @inline(__always) private static func firstEscape(inWord word: UInt64) -> Int? {
        let found = escapeFlags(inWord: word)
        return found == 0 ? nil : found.trailingZeroBitCount / 8
    }

    /// The high bit of each byte of a little-endian word that is a control byte, quote or
    /// backslash. The tests may also flag a byte after a match (a borrow carries), never one
    /// before it, so the lowest flag is exact.
    @inline(__always) private static func escapeFlags(inWord word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
    }

    @inline(__always) private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func escape(_ character: UInt8) {
        switch character {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        default:
            raw("\\u00")
            byte(Self.hexDigit(character >> 4))
            byte(Self.hexDigit(character & 0x0F))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 48 + value : 87 + value
    }
}
