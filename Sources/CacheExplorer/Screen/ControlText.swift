import GraphQLCache

/// How a control character is spelled inside a quoted value: `\n`, `\t`, `\r`, else
/// `TerminalText.unicodeEscape` (`\u{1B}`), the spelling `VisibleText` gives keys in the grid, so
/// a key holding ESC reads the same in the list as in a value (a terminal would act on the raw
/// character, and a grid cell cannot hold it).
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
        default: return TerminalText.unicodeEscape(scalar)
        }
    }
}
