/// A byte that the encoding of every key a filter accepts holds (either case, for a letter): a
/// key without it is rejected eight bytes at a time, before any decoding or search. Most keys
/// of a filter typed over a million keys are rejected, so this is most of the filter's work.
///
/// Only for plain ASCII keys (`SortedKeyIndex.plainASCII`), whose encoding keeps every byte
/// from 0x20 up verbatim except `0` (leading zeros are moved after their digit run, and `0`
/// marks a run): digit-run counts are then below 0x20.
struct KeySentinel: Sendable {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The byte sought (lower case), in every byte of a word.
    private let word: UInt64
    /// 0x20 in every byte for a letter (ORed in to fold case), else 0.
    private let foldWord: UInt64
    private let byte: UInt8
    private let fold: UInt8

    /// The sentinel of an ASCII filter: its last byte the encoding keeps verbatim; nil when
    /// it has none (a filter of zeros and control characters).
    init?(asciiFilter: String) {
        guard let chosen = asciiFilter.utf8.reversed().first(where: { $0 >= 0x20 && $0 < 0x80 && $0 != UInt8(ascii: "0") }) else {
            return nil
        }
        let lower = chosen >= 65 && chosen <= 90 ? chosen + 32 : chosen
        let isLetter = lower >= 97 && lower <= 122
        byte = lower
        fold = isLetter ? 0x20 : 0
        word = UInt64(lower) &* Self.ones
        foldWord = UInt64(fold) &* Self.ones
    }

    /// Whether `encoded` holds the byte (either case for a letter).
    @inline(__always)
    func isIn(_ encoded: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = encoded.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= encoded.count {
            let x = (raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) | foldWord) ^ word
            // Some byte of x is zero: the classic test, exact for "is there one".
            if (x &- Self.ones) & ~x & Self.highs != 0 { return true }
            i += 8
        }
        while i < encoded.count {
            if encoded[i] | fold == byte { return true }
            i += 1
        }
        return false
    }
}
