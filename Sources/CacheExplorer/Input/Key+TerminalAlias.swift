/// Control keys a terminal sends as the byte of another key: `C-i` is Tab (0x09), `C-m` and
/// `C-j` are Enter (0x0D, 0x0A), `C-h` is Backspace (0x08), `C-[` is Esc (0x1B). Bound by a
/// key map, they were listed in help and never fired (the terminal reports the other key), so
/// a key map naming one is refused, naming both.
extension Key {
    /// The key a terminal reports when this one is pressed, when that is another key; nil for
    /// a key of its own.
    package var terminalAlias: Key? {
        guard case .control(let character) = self else { return nil }
        switch character {
        case "i": return .tab
        case "m", "j": return .enter
        case "h", "?": return .backspace
        case "[": return .escape
        default: return nil
        }
    }
}
