import GraphQLCache

/// Who points at a record, and what a removal by pattern would leave dangling, without
/// decoding every record: a byte search (CacheLens's own SQL functions, in
/// `SQLiteConnection+Functions`) runs over the stored JSON text first, and only the rows whose
/// text can mention the key are decoded (about 1,000 of 100,000 for a user's inbound
/// references, instead of every row).
///
/// The text test is exact in what it keeps: a reference to a key is that key as a JSON string,
/// and every character outside `"`, `\`, `/`, the control characters and non-ASCII is written
/// as itself by every JSON writer (ours, Apollo's `JSONSerialization`), unless as a `\u`
/// escape; a row holding `\u` is always decoded. A pattern (compared folded) holding a letter
/// that a non-ASCII character equals (`k` for the Kelvin sign) also keeps every row holding a
/// non-ASCII byte. Keys and patterns the test cannot speak for (other characters; for a key,
/// compared as bytes, those letters too) fall back to decoding every row.
extension SQLiteNormalizedCache {
    public func forEachRecord(pointingAt key: CacheKey, _ body: (ScannedRow) throws -> Void) throws {
        // `K`, `;` and `` ` `` have non-ASCII equivalents (KELVIN SIGN…) that make the same key.
        let equivalents: Set<UInt8> = [UInt8(ascii: "K"), UInt8(ascii: ";"), UInt8(ascii: "`")]
        guard Self.isWrittenAsItself(key.rawValue, excluding: equivalents) else { return try forEachRecord(body) }
        // The key and the quote that ends its string: `User:7"`, not `User:70"`; or a `\u`
        // escape, which may spell it another way (`SQLiteConnection.mayReferenceFunction`).
        try forEachRecord(where: (#"\#(SQLiteConnection.mayReferenceFunction)("record", ?)"#, [key.rawValue + "\""]), body)
    }

    public func forEachRecord(pointingInto pattern: KeyPattern, _ body: (ScannedRow) throws -> Void) throws {
        guard Self.isWrittenAsItself(pattern.pattern, excluding: []) else {
            return try forEachRecord { result in
                if case .record(let record) = result, pattern.matches(record.key) { return }
                try body(result)
            }
        }
        // Keys that match stay out (`NOT` of the removal's own condition); a row is kept when
        // its text holds the pattern, ASCII letters in either case, or a `\u` escape, which may
        // spell a key that matches, or a non-ASCII byte when the pattern holds a letter that a
        // non-ASCII one folds to (`SQLiteConnection.mayHoldFoldedFunction`).
        let keys = Self.matchCondition(for: pattern)
        let sql = #"NOT (\#(keys.sql)) AND \#(SQLiteConnection.mayHoldFoldedFunction)("record", ?)"#
        try forEachRecord(where: (sql, keys.bindings + [pattern.pattern]), body)
    }

    /// Whether every JSON writer writes `text` inside a string as its own bytes (or with `\u`
    /// escapes): printable ASCII but `"`, `\` and `/`, and none of `excluded`.
    static func isWrittenAsItself(_ text: String, excluding excluded: Set<UInt8>) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { byte in
            (0x20..<0x7F).contains(byte) && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
                && byte != UInt8(ascii: "/") && !excluded.contains(byte)
        }
    }
}
