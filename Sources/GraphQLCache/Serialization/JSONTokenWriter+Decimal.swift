extension JSONTokenWriter {
    /// Writes `value` as `Double.description` would, without its shortest-digits search, when
    /// the value is a short decimal (prices, ratings, coordinates); returns false, having
    /// written nothing, otherwise.
    ///
    /// Why: spelling a double through `description` was the largest single step of encoding a
    /// record (a String and the general shortest-digits algorithm). With `m` below 2^51 the
    /// division `m / 10^k` is correctly rounded, so if it gives back the value, `m` with a point
    /// `k` digits from the right reads back as it. While `value * 10^k` is below 2^51, the
    /// value's neighbours are less than `10^-k / 2` away, so at most one `k`-digit decimal reads
    /// back as it, and rounding the product (off by at most 1/8) finds that one. The smallest
    /// such `k` gives the shortest text, which is what `description` prints for values from
    /// 1e-4 up to 2^53 (others print with an exponent and take the general path).
    mutating func decimal(_ value: Double) -> Bool {
        let magnitude = value.magnitude
        guard magnitude >= 1e-4, magnitude < Self.decimalLimit else { return false }
        var scale = 1.0
        for fractionDigits in 0...Self.maximumFractionDigits {
            let scaled = magnitude * scale
            guard scaled < Self.decimalLimit else { return false }
            // Rounds to the nearest integer without a call into libm: when a k-digit decimal
            // `d` reads back, the product is within 1/8 of it and adding 0.5 errs by at most
            // 1/4 here, so truncating gives `d`; when none does, the check below fails for any
            // integer, as it did with `rounded()`.
            // Through `Int64`: below 2^51 it holds the same values, and converts in one
            // instruction where `UInt64`'s conversions take a dozen (x86-64).
            let significand = Int64(scaled + 0.5)
            if Double(significand) / scale == magnitude {
                if value < 0 { byte(UInt8(ascii: "-")) }
                digits(UInt64(significand), fractionDigits: fractionDigits)
                return true
            }
            scale *= 10
        }
        return false
    }

    /// 2^51: below it, doubles are at most 1/4 apart.
    private static let decimalLimit = 2_251_799_813_685_248.0
    /// 10^15 is the last power of ten the loop reaches before the limit stops it.
    private static let maximumFractionDigits = 15

    /// `significand` with a point `fractionDigits` digits from the right (`0.05`, `12.5`, `3.0`),
    /// written from its last digit back, straight into place: its length is known once its
    /// digits are counted. (Written into a temporary buffer and copied byte by byte, this was
    /// about 120 instructions of a price's 290, callgrind.) `significand` is below 2^51.
    private mutating func digits(_ significand: UInt64, fractionDigits: Int) {
        var digitCount = 1
        var power: UInt64 = 10
        while significand >= power {
            digitCount += 1
            power &*= 10
        }
        let total = Swift.max(digitCount - fractionDigits, 1) + 1 + Swift.max(fractionDigits, 1)
        let start = position
        var cursor = start + total
        var remaining = significand
        if fractionDigits == 0 {
            cursor -= 1
            cursor.pointee = UInt8(ascii: "0")
        }
        for _ in 0..<fractionDigits {
            cursor -= 1
            cursor.pointee = UInt8(truncatingIfNeeded: 48 &+ remaining % 10)
            remaining /= 10
        }
        cursor -= 1
        cursor.pointee = UInt8(ascii: ".")
        repeat {
            cursor -= 1
            cursor.pointee = UInt8(truncatingIfNeeded: 48 &+ remaining % 10)
            remaining /= 10
        } while cursor > start
        advance(by: total)
    }
}
