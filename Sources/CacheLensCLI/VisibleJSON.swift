import GraphQLCache

/// JSON as `dump` prints it on a terminal: a character that would not show
/// (`TerminalText.isInvisible`: zero-width, right-to-left override, line separator…) is
/// written as its JSON escape (`\u200B`), which reads back as the very same character, so two
/// keys that differ never print alike and the output stays a snapshot.
enum VisibleJSON {
    /// `bytes` (UTF-8 JSON) with invisible characters escaped; outside strings JSON holds only
    /// ASCII, so every one of them is inside a string.
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.allSatisfy({ $0 < 0x7F }) { return bytes }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.unicodeScalars.contains(where: TerminalText.isInvisible) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        for scalar in text.unicodeScalars {
            guard TerminalText.isInvisible(scalar), scalar.value >= 0x20 else {
                out.append(contentsOf: String(scalar).utf8)
                continue
            }
            for unit in String(scalar).utf16 { out.append(contentsOf: Array("\\u".utf8) + hex4(unit)) }
        }
        return out
    }

    private static func hex4(_ unit: UInt16) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [12, 8, 4, 0].map { digits[Int((unit >> UInt16($0)) & 0xF)] }
    }
}
