/// How many terminal columns a character takes: 2 for East Asian wide and fullwidth characters
/// and most emoji, 0 for combining marks and controls, 1 otherwise. The grid counts columns
/// with this so that wide text never shifts what follows it.
package enum DisplayWidth {
    /// Columns taken by `character` (its first scalar decides; combining marks ride along).
    package static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        return of(scalar)
    }

    /// Columns taken by one scalar.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if v < 0x300 { return 1 }
        if isCombining(v) { return 0 }
        return isWide(v) ? 2 : 1
    }

    /// Columns taken by a whole string. Printable ASCII is one column a byte, counted without
    /// breaking the text into characters (the record pane measures each of a record's 20,000
    /// labels to align its values, which took a fifth of selecting the record).
    package static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    private static func isCombining(_ v: UInt32) -> Bool {
        (0x300...0x36F).contains(v) || (0x200B...0x200F).contains(v) || (0xFE00...0xFE0F).contains(v)
            || (0x20D0...0x20FF).contains(v)
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ v: UInt32) -> Bool {
        wideRanges.contains { $0.contains(v) }
    }
}
