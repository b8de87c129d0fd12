/// Text from a cache made safe to print on a terminal: keys, values, typenames and error
/// messages come from files and servers, and a control character in them (ESC starting a
/// terminal escape sequence, a carriage return overwriting the line, a BEL) would act on the
/// user's terminal instead of being shown. Every command that prints such text goes through
/// `escaped`.
public enum TerminalText {
    /// `text` with C0 controls (newline and tab included), DEL and C1 controls written as
    /// `\x1B`-style escapes; everything else, backslashes included, as it is.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                out.append(contentsOf: hex(scalar.value).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
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
