#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which JSON numbers the explorer shows otherwise than a file writes them, for `:find`'s byte
/// test (`cachelens_may_hold_value`). A number is shown as Swift writes it (`String(Int)`,
/// `String(Double)`): the shortest digits that read back as the same double, with an exponent
/// below 1e-4 and from 2^53 on (`1e-05`, `1e+16`), and `.0` after a whole double.
///
/// A number written with 15 significant digits or fewer and no exponent, between 1e-4 and
/// 2^53, is shown as its own digits less trailing zeros of its fraction (`1.50` as `1.5`,
/// `2.000` as `2.0`): what is shown is then inside what is written, and the row's bytes hold
/// any text found in it. Every other number may be shown otherwise: written with an
/// exponent (`1e-7`, `1E5`), with 16 digits or more (rounded to fewer, or past 2^53), or with
/// four zeros after the point (below 1e-4).
enum NumberRendering {
    /// Whether `text` could be part of a number as shown: digits, `.`, `e`, `E`, `+`, `-` only.
    static func mayBeInNumber(_ text: UnsafeRawBufferPointer) -> Bool {
        !text.isEmpty && text.allSatisfy(isNumberByte)
    }

    /// Whether the record JSON holds, outside its strings, a number that may be shown
    /// otherwise than it is written (see the type's comment).
    static func containsNumberShownOtherwise(_ json: UnsafeRawBufferPointer) -> Bool {
        guard let base = json.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return false }
        let count = json.count
        var at = 0
        while at < count {
            let byte = base[at]
            if byte == UInt8(ascii: "\"") {
                at = endOfString(base, count, openedAt: at)
            } else if isDigit(byte) || byte == UInt8(ascii: "-") {
                var end = at, digits = 0
                while end < count, isNumberByte(base[end]) {
                    let next = base[end]
                    if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") { return true }
                    if isDigit(next) { digits += 1 }
                    if next == UInt8(ascii: "."), end + 4 < count,
                       (1...4).allSatisfy({ base[end + $0] == UInt8(ascii: "0") }) {
                        return true
                    }
                    end += 1
                }
                if digits >= 16 { return true }
                at = max(end, at + 1)
            } else {
                at += 1
            }
        }
        return false
    }

    /// Where the string whose quote is at `quote` ends (past its closing quote): the next quote
    /// not escaped, found with `memchr`.
    private static func endOfString(_ base: UnsafePointer<UInt8>, _ count: Int, openedAt quote: Int) -> Int {
        var from = quote + 1
        while from < count {
            guard let found = memchr(base + from, Int32(UInt8(ascii: "\"")), count - from) else { return count }
            let close = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
            var backslashes = 0
            while close - backslashes - 1 > quote, base[close - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes % 2 == 0 { return close + 1 }
            from = close + 1
        }
        return count
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}
