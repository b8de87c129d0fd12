/// The UTF-8 bytes of a string that Swift stores inside the `String` value itself (a "small"
/// string: at most 15 bytes on 64-bit platforms), read from the value's two words.
///
/// Why: field names, ids, type names and most cache keys are short, and the encoder spent about
/// a fifth of a record on reaching their bytes: `utf8.withContiguousStorageIfAvailable` copies
/// a small string to the stack and calls a closure for each one. Read as two words, a short
/// string is written with two stores, and its sort prefix (`FieldOrder`) is one byte swap.
///
/// The layout read is the one the standard library documents in `StringObject.swift` and keeps
/// on every 64-bit platform (it is part of Swift's stable ABI on Apple's): the first word holds
/// bytes 0..<8, the second bytes 8..<15 and, in its top byte, the discriminator (`1A10` with
/// `A` set when every byte is ASCII) and the count; unused bytes are zero. It is not taken on
/// trust: `layoutHolds` checks it once against strings of known bytes, and where it does not
/// hold (another platform or a future standard library) nothing is read this way.
package struct InlineUTF8 {
    /// Bytes 0..<8, the first in the lowest bits; bytes past `count` are zero.
    package let low: UInt64
    /// Bytes 8..<15 in the low seven bytes (zero past `count`); the top byte is not string data.
    package let high: UInt64
    /// How many bytes the string has (0 to 15).
    package let count: Int
    /// Whether every byte is ASCII.
    package let isASCII: Bool

    /// The string's inline bytes, or nil when it is stored elsewhere (longer strings, bridged
    /// ones) or `layoutHolds` is false; the caller then reads it as it would any string.
    @inline(__always) package init?(_ string: String, layoutHolds: Bool) {
        guard layoutHolds else { return nil }
        let words = unsafeBitCast(string, to: (UInt64, UInt64).self)
        let discriminator = words.1 >> 56
        // Small strings are immortal (b63), small (b61) and not foreign (b60): `1?10`.
        guard discriminator & 0xB0 == 0xA0 else { return nil }
        low = words.0
        high = words.1 & 0x00FF_FFFF_FFFF_FFFF
        count = Int(truncatingIfNeeded: discriminator & 0x0F)
        isASCII = discriminator & 0x40 != 0
    }

    /// The first eight bytes as a big-endian integer, so that integer order is byte order.
    package var bigEndianPrefix: UInt64 { low.byteSwapped }

    /// The string of `ascii`, at most 15 bytes (none empty of a base address), every one below
    /// 0x80: laid out as a small string is (the bytes, then the ASCII discriminator `1110` and
    /// the count in the top byte), with no call. Only where `layoutHolds`.
    @inline(__always) package static func asciiString(_ ascii: UnsafeBufferPointer<UInt8>) -> String {
        let count = ascii.count
        let base = UnsafeRawPointer(ascii.baseAddress.unsafelyUnwrapped)
        var low: UInt64 = 0, high: UInt64 = 0
        if count >= 8 {
            low = UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
            // The last eight bytes, shifted so that bytes 8..<count are the lowest.
            if count > 8 { high = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) >> (8 * UInt64(16 - count)) }
        } else {
            for at in 0..<count { low |= UInt64(ascii[at]) << (8 * UInt64(at)) }
        }
        high |= (0xE0 | UInt64(count)) << 56
        return unsafeBitCast((low, high), to: String.self)
    }

    /// Whether the strings of this platform's standard library are laid out as read above,
    /// checked on strings whose bytes are known (empty, ASCII of 1, 8 and 15 bytes, non-ASCII,
    /// and one too long to be inline); and whether strings made that way (`asciiString`, of
    /// every length from 0 to 15) equal the standard library's own.
    package static let layoutHolds: Bool = {
        #if _pointerBitWidth(_64) && _endian(little)
        func expect(_ string: String, inline: Bool) -> Bool {
            let bytes = Array(string.utf8)
            guard let read = InlineUTF8(string, layoutHolds: true) else { return !inline }
            guard inline, read.count == bytes.count,
                  read.isASCII == bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            var words: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: bytes) }
            return read.low == words.0 && read.high == words.1
        }
        // Made at run time, so that none is a literal the compiler could lay out another way.
        let letters = String((0..<15).map { Character(Unicode.Scalar(UInt8(97 + $0))) })
        return expect(String(letters.prefix(0)), inline: true)
            && expect(String(letters.prefix(1)), inline: true)
            && expect(String(letters.prefix(8)), inline: true)
            && expect(letters, inline: true)
            && expect("é" + String(letters.prefix(3)), inline: true)
            && expect(letters + "p" + letters, inline: false)
            && (0...15).allSatisfy { length in
                let bytes = Array(letters.utf8.prefix(length))
                let made = bytes.isEmpty ? "" : bytes.withUnsafeBufferPointer(asciiString)
                return made == String(decoding: bytes, as: UTF8.self) && Array(made.utf8) == bytes
                    && made.utf8.count == length && made.hashValue == String(decoding: bytes, as: UTF8.self).hashValue
            }
        #else
        return false
        #endif
    }()
}
