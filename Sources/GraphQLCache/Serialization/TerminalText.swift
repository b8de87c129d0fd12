/// Text from a cache made safe to print on a terminal: keys, values, typenames and error
/// messages come from files and servers, and a control character in them (ESC starting a
/// terminal escape sequence, a carriage return overwriting the line, a BEL) would act on the
/// user's terminal instead of being shown. Every command that prints such text goes through
/// `escaped`.
package enum TerminalText {
    /// `text` with C0 controls (newline and tab included), DEL and C1 controls written as
    /// `\x1B`-style escapes, and the characters that do not show (`isInvisible`: zero-width,
    /// right-to-left override, line separator…) as `\u{200B}`-style ones, so that two keys
    /// that differ never print the same; everything else, backslashes included, as it is.
    public static func escaped(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        guard text.unicodeScalars.contains(where: isInvisible) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.append(contentsOf: hex(scalar.value).unicodeScalars)
            } else if isInvisible(scalar) {
                out.append(contentsOf: unicodeEscape(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// Whether `scalar` would not show as itself on a terminal: a control, a format character
    /// (zero-width space and joiners, bidirectional overrides, the BOM), a line or paragraph
    /// separator, a space other than U+0020 (which looks like one), or any other code point
    /// Unicode says to ignore when it cannot be shown (Hangul fillers, variation selectors).
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
        if isControl(scalar) { return true }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .control, .unassigned, .privateUse, .surrogate: return true
        case .spaceSeparator: return true
        default: return properties.isDefaultIgnorableCodePoint
        }
    }

    /// `\u{200B}`: a code point in Swift's escape form, upper-case hex.
    public static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// `escaped` applied to each line of `text` on its own: the line breaks we wrote stay.
    public static func escapedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }.joined(separator: "\n")
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return "\\x" + String(digits[Int(value >> 4)]) + String(digits[Int(value & 0xF)])
    }
}
