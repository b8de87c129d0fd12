/// The digits of a JSON number as read, for the common numbers that convert exactly without
/// going through text: integers of up to 18 digits, and decimals of up to 15 digits without
/// an exponent (a significand below 2^53 divided by an exact power of ten is correctly rounded,
/// so the result is the very double `Double(text)` gives). Others take the text path.
struct NumberDigits {
    var negative = false
    var isInteger = true
    var hasExponent = false
    var significand: UInt64 = 0
    var digits = 0
    var fractionDigits = 0
    /// Whether any digit is not zero (a number that reads as 0.0 without being zero underflowed).
    var hasNonZeroDigit = false

    @inline(__always) mutating func append(_ digit: UInt8) {
        if digits < 19 { significand = significand * 10 + UInt64(digit - 48) }
        if digit != UInt8(ascii: "0") { hasNonZeroDigit = true }
        digits += 1
    }

    var exactInt: Int? {
        guard isInteger, digits <= 18 else { return nil }
        return negative ? -Int(significand) : Int(significand)
    }

    var exactDouble: Double? {
        guard !isInteger, !hasExponent, digits <= 15, fractionDigits <= 22 else { return nil }
        var power = 1.0
        for _ in 0..<fractionDigits { power *= 10 }
        let magnitude = Double(significand) / power
        return negative ? -magnitude : magnitude
    }
}
