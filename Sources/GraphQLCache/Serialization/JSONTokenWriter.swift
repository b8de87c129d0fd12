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

    @inline(__always) mutating func byte(_ byte: UInt8) {
        position.pointee = byte
        position += 1
    }

    @inline(__always) mutating func raw(_ text: StaticString) {
        raw(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always) mutating func raw(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        position.initialize(from: base, count: bytes.count)
        position += bytes.count
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

    mutating func quoted(_ value: String) {
        if value.utf8.withContiguousStorageIfAvailable({ quoted($0) }) == nil {
            var contiguous = value
            contiguous.withUTF8 { quoted($0) }
        }
    }

    /// Copies runs that need no escape in one go (most strings are one such run), finding the
    /// first byte that may need one eight bytes at a time.
    mutating func quoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        byte(UInt8(ascii: "\""))
        let clean = Self.cleanPrefixCount(utf8)
        var runStart = 0
        for index in clean..<utf8.count where Self.needsEscape(utf8[index]) {
            raw(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            escape(utf8[index])
            runStart = index + 1
        }
        raw(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        byte(UInt8(ascii: "\""))
    }

    /// How many leading bytes surely need no escape: whole 8-byte words holding no control
    /// byte, quote or backslash (the word tests are exact about whether any byte matches).
    @inline(__always) private static func cleanPrefixCount(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset + 8 <= utf8.count {
            let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let control = (word &- ones &* 0x20) & ~word
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let found = (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & highs
            if found != 0 { break }
            offset += 8
        }
        return offset
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
