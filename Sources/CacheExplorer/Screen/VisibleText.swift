import GraphQLCache

/// Text as the grid shows it: every character either drawn as itself or as an escape, never
/// dropped. Keys and values come from files; a zero-width space, a right-to-left override or a
/// newline drawn as itself made `A\u{200B}B` look like `AB` and `line1\nline2` like
/// `line1line2`, and a terminal in the `C` locale dropped every non-ASCII letter (`Ünï:1` and
/// `Ünî:1` both showed as `n:1`).
enum VisibleText {
    /// `text` with newline, tab and carriage return as `\n`, `\t`, `\r`, every other invisible
    /// character (`TerminalText.isInvisible`) as `\u{200B}`, and, when `asciiOnly`, every
    /// non-ASCII character but the explorer's own symbols (`isInterfaceSymbol`) as well.
    static func shown(_ text: String, asciiOnly: Bool) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        guard text.unicodeScalars.contains(where: { needsEscape($0, asciiOnly: asciiOnly) }) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if needsEscape(scalar, asciiOnly: asciiOnly) {
                    out += TerminalText.unicodeEscape(scalar)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, asciiOnly: Bool) -> Bool {
        if scalar.isASCII { return scalar.value < 0x20 || scalar.value == 0x7F }
        if asciiOnly { return !isInterfaceSymbol(scalar) }
        return TerminalText.isInvisible(scalar)
    }

    /// The symbols the explorer draws itself (frames, separators, arrows, spinners, marks): a
    /// terminal that shows ASCII only draws them as ASCII stand-ins instead.
    static func isInterfaceSymbol(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xB7, 0x2026, 0x203A, 0x2713, 0x2717: return true       // · … › ✓ ✗
        case 0x2190...0x21FF, 0x2500...0x25FF, 0x2800...0x28FF: return true  // arrows, boxes and shapes, braille
        default: return false
        }
    }
}
