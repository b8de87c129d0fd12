/// When a byte-wise ASCII search (SQLite's `LIKE`, which folds ASCII letters only) can stand in
/// for `matches` on keys of any text, so that a backend scans a table with `LIKE` and gives only
/// its hits on non-ASCII keys to the full test.
extension KeyPattern {
    /// The ASCII bytes that some non-ASCII character equals once folded (`K` KELVIN SIGN folds
    /// to `k`; GREEK QUESTION MARK `;` and GREEK VARIA `` ` `` are canonically equivalent to
    /// `;` and `` ` ``). Every other non-ASCII character, folded, is no ASCII character, so it
    /// can never stand where an ASCII pattern has one. Checked over every Unicode scalar by
    /// `KeyPatternByteSearchTests`.
    public static let asciiBytesReachedFromNonASCII: Set<UInt8> = [UInt8(ascii: "k"), UInt8(ascii: ";"), UInt8(ascii: "`")]

    /// Whether every key this pattern matches contains the pattern's bytes, ASCII letters
    /// compared case-insensitively: true for an ASCII pattern none of whose characters a
    /// non-ASCII character can equal. Then a byte-wise search misses no match; it may find a
    /// few that `matches` rejects, all in non-ASCII keys (a combining mark after the match
    /// makes another character), which the caller tests in full.
    public var byteSearchFindsEveryMatch: Bool {
        isASCII && !folded.isEmpty && !foldedASCII.contains(where: Self.asciiBytesReachedFromNonASCII.contains)
    }
}
