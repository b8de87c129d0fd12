/// The bytes of a JSON string that need no attention: shared by the parser, which makes
/// strings of them, and `RecordTextCheck`, which only walks past them.
enum JSONPlainRun {
    /// Where the run of bytes needing no attention ends, from `position`: the first quote,
    /// backslash, control or non-ASCII byte (or the end), found eight bytes at a time. The word
    /// tests flag exactly the bytes asked for at the lowest flagged position (a borrow can only
    /// flag bytes above a true one), which is the one taken.
    @inline(__always) static func end(in bytes: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        guard let base = bytes.baseAddress else { return position }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = position
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let found = (((word &- ones &* 0x20) & ~word) | ((quote &- ones) & ~quote)
                | ((backslash &- ones) & ~backslash) | word) & highs
            if found != 0 { return offset + found.trailingZeroBitCount / 8 }
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return offset }
            offset += 1
        }
        return offset
    }
}
