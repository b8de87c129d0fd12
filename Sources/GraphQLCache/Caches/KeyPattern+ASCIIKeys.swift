/// A pattern as it applies to keys that are all ASCII, so that a backend holding a million ASCII
/// keys tests a non-ASCII filter (`é`, the Kelvin sign `K`) byte-wise too instead of folding
/// every key into a `String`.
extension KeyPattern {
    /// What matching an all-ASCII key against a pattern comes down to.
    package enum ASCIIKeyForm: Sendable, Hashable {
        /// The same test as this ASCII pattern (the pattern itself when it is ASCII).
        case pattern(KeyPattern)
        /// No ASCII key contains the pattern: one of its characters is no ASCII character.
        case noMatch
        /// No shortcut: the full test decides (line breaks, where `\r\n` is one character;
        /// a character equivalent to an upper-case ASCII letter).
        case unknown
    }

    /// This pattern's test on all-ASCII keys. Each character of the folded pattern is compared
    /// with the ASCII characters as `Character`s (canonical equivalence, as `matches` does): an
    /// ASCII key's characters are single ASCII bytes, except `\r\n`, which is left to `unknown`.
    package var asciiKeyForm: ASCIIKeyForm {
        if isASCII { return .pattern(self) }
        var bytes: [UInt8] = []
        for character in folded {
            guard let byte = Self.asciiByte(equivalentTo: character) else {
                return character == "\r\n" ? .unknown : .noMatch
            }
            // An upper-case letter would be folded again by the ASCII pattern, and a line
            // break may be half of a `\r\n` character: the full test decides.
            if byte == 10 || byte == 13 || (65...90).contains(byte) { return .unknown }
            bytes.append(byte)
        }
        return .pattern(KeyPattern(String(decoding: bytes, as: UTF8.self)))
    }

    /// The ASCII byte whose character equals `character`, if any.
    private static func asciiByte(equivalentTo character: Character) -> UInt8? {
        let scalars = character.unicodeScalars
        if scalars.count == 1, let scalar = scalars.first, scalar.isASCII { return UInt8(scalar.value) }
        return (0..<128).first { Character(Unicode.Scalar(UInt8($0))) == character }.map(UInt8.init)
    }
}
