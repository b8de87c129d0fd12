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
            let significand = UInt64(scaled + 0.5)
            if Double(significand) / scale == magnitude {
                if value < 0 { byte(UInt8(ascii: "-")) }
                digits(significand, fractionDigits: fractionDigits)
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

    /// `significand` with a point `fractionDigits` digits from the right (`0.05`, `12.5`, `3.0`).
    private mutating func digits(_ significand: UInt64, fractionDigits: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var remaining = significand
            var count = 0
            repeat {
                buffer[count] = UInt8(truncatingIfNeeded: 48 + remaining % 10)
                remaining /= 10
                count += 1
            } while remaining > 0
            while count <= fractionDigits {
                buffer[count] = UInt8(ascii: "0")
                count += 1
            }
            var index = count
            while index > fractionDigits {
                index -= 1
                byte(buffer[index])
            }
            byte(UInt8(ascii: "."))
            if fractionDigits == 0 { return byte(UInt8(ascii: "0")) }
            while index > 0 {
                index -= 1
                byte(buffer[index])
            }
        }
    }
}
