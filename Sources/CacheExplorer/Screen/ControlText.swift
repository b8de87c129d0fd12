/// How a control character is shown wherever text is drawn: `\n`, `\t`, `\r`, else `\u{1B}` (as `VisibleText` spells keys).
/// Keys, field names, values and messages all use this spelling, so a key holding ESC reads the
/// same in the list as in a value (a terminal would act on the raw character, and a grid cell
/// cannot hold it).
enum ControlText {
    /// Whether `scalar` is a C0 or C1 control, or DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }

    /// The printable spelling of a control.
    static func spelling(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\t": return "\\t"
        case "\r": return "\\r"
        default: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        }
    }

    /// `text` with every control spelled out (the text itself when it has none).
    static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar) { out += spelling(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
