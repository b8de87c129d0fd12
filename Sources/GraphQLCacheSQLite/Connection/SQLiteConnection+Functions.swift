import CSQLite
import GraphQLCache
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SQL functions of CacheLens's own, registered on every connection.
extension SQLiteConnection {
    /// `cachelens_may_reference(record, key)`: 1 when the row's bytes hold `key` as they are,
    /// or hold a `\u` escape (which may spell the key another way); 0 otherwise.
    ///
    /// Why: finding the records that point at a key took two `LIKE` scans of every row (the
    /// key, then `\u`), and almost no row holds the key, so nearly every row was scanned twice
    /// by `LIKE`'s matcher. Two `memmem` calls are one fast pass each. The key is matched as
    /// its bytes: a row that refers to it writes those bytes unless it escapes them.
    static let mayReferenceFunction = "cachelens_may_reference"

    /// `cachelens_may_hold_folded(record, text)`: 1 when the row's bytes hold `text` with ASCII
    /// letters compared case-insensitively (as SQLite's `LIKE` compares), or hold a `\u`
    /// escape, or, when `text` holds a character that a non-ASCII one equals once folded (`k`,
    /// `;`, `` ` ``: KELVIN SIGN…, `KeyPattern.asciiBytesReachedFromNonASCII`), hold any
    /// non-ASCII byte; 0 otherwise. `text` must be ASCII. So a row whose text may hold a value
    /// or key that `KeyPattern(text)` matches is never left out.
    ///
    /// Why: a removal's preview asks which rows may point into the keys it removes; as two
    /// `LIKE` scans (the text, then `\u`), most of the preview was SQLite's matcher, byte by
    /// byte. `memchr` for the first letter in each case, then a folded compare, is one fast pass.
    static let mayHoldFoldedFunction = "cachelens_may_hold_folded"

    /// `cachelens_may_hold_value(record, text)`: `cachelens_may_hold_folded`, and also 1, when
    /// `text` may be part of a number as the explorer shows it (`NumberRendering.mayBeInNumber`),
    /// for a row holding a number shown otherwise than it is written
    /// (`NumberRendering.containsNumberShownOtherwise`). `:find` compares a number as
    /// `String(Double)` writes it (`1e-07`, `100000.0`, `0.3`); a file may hold `1e-7`, `1E5`
    /// or `0.29999999999999998890`, whose bytes do not hold the text.
    static let mayHoldValueFunction = "cachelens_may_hold_value"

    /// Registers the functions on `db` (deterministic, harmless in any context).
    static func registerFunctions(on db: OpaquePointer) {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        sqlite3_create_function_v2(db, mayReferenceFunction, 2, flags, nil, { context, count, values in
            guard count == 2, let values, let row = values[0], let key = values[1] else { return sqlite3_result_int(context, 0) }
            let rowBytes = sqlite3_value_blob(row), rowCount = Int(sqlite3_value_bytes(row))
            let keyBytes = sqlite3_value_blob(key), keyCount = Int(sqlite3_value_bytes(key))
            guard let rowBytes, rowCount > 0 else { return sqlite3_result_int(context, 0) }
            let holdsKey = keyBytes.map { SQLiteConnection.contains(rowBytes, rowCount, $0, keyCount) } ?? false
            let holdsEscape = !holdsKey && SQLiteConnection.containsEscape(rowBytes, rowCount)
            sqlite3_result_int(context, holdsKey || holdsEscape ? 1 : 0)
        }, nil, nil, nil)
        sqlite3_create_function_v2(db, mayHoldFoldedFunction, 2, flags, nil, { context, count, values in
            sqlite3_result_int(context, SQLiteConnection.mayHold(values, count, numbersAsShown: false) ? 1 : 0)
        }, nil, nil, nil)
        sqlite3_create_function_v2(db, mayHoldValueFunction, 2, flags, nil, { context, count, values in
            sqlite3_result_int(context, SQLiteConnection.mayHold(values, count, numbersAsShown: true) ? 1 : 0)
        }, nil, nil, nil)
    }

    /// `cachelens_may_hold_folded(record, text)`, or with `numbersAsShown`
    /// `cachelens_may_hold_value(record, text)`, on SQLite's arguments.
    private static func mayHold(_ values: UnsafeMutablePointer<OpaquePointer?>?, _ count: Int32, numbersAsShown: Bool) -> Bool {
        guard count == 2, let values, let row = values[0], let text = values[1] else { return false }
        let rowBytes = sqlite3_value_blob(row), rowCount = Int(sqlite3_value_bytes(row))
        let textBytes = sqlite3_value_blob(text), textCount = Int(sqlite3_value_bytes(text))
        guard let rowBytes, rowCount > 0 else { return false }
        guard let textBytes else { return true }
        return containsFolded(rowBytes, rowCount, textBytes, textCount)
            || containsEscape(rowBytes, rowCount)
            || (holdsCharacterReachedFromNonASCII(textBytes, textCount) && containsNonASCII(rowBytes, rowCount))
            || (numbersAsShown && NumberRendering.mayBeInNumber(UnsafeRawBufferPointer(start: textBytes, count: textCount))
                && NumberRendering.containsNumberShownOtherwise(UnsafeRawBufferPointer(start: rowBytes, count: rowCount)))
    }

    /// Whether the bytes hold a `\u` escape.
    static func containsEscape(_ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
        let escape: StaticString = "\\u"
        return contains(bytes, count, UnsafeRawPointer(escape.utf8Start), escape.utf8CodeUnitCount)
    }

    /// Whether `count` bytes at `bytes` hold the `needleCount` bytes at `needle`: each place
    /// of the needle's first byte (`memchr`, vectorised) compared whole (`memcmp`).
    static func contains(_ bytes: UnsafeRawPointer, _ count: Int, _ needle: UnsafeRawPointer, _ needleCount: Int) -> Bool {
        guard needleCount > 0 else { return true }
        guard count >= needleCount else { return false }
        let first = Int32(needle.load(as: UInt8.self))
        let end = bytes + (count - needleCount + 1)
        var cursor = bytes
        while cursor < end, let found = memchr(cursor, first, end - cursor) {
            if memcmp(found, needle, needleCount) == 0 { return true }
            cursor = UnsafeRawPointer(found) + 1
        }
        return false
    }

    /// Whether `count` bytes at `bytes` hold the ASCII `needle`, letters compared
    /// case-insensitively and every other byte exactly: each place of the needle's first byte,
    /// in either case (`memchr` per case, each cursor moving forward), compared whole.
    static func containsFolded(_ bytes: UnsafeRawPointer, _ count: Int, _ needle: UnsafeRawPointer, _ needleCount: Int) -> Bool {
        guard needleCount > 0 else { return true }
        guard count >= needleCount else { return false }
        let first = needle.load(as: UInt8.self)
        let lower = Int32(asciiLowercased(first)), upper = Int32(asciiUppercased(first))
        let end = bytes + (count - needleCount + 1)
        func next(_ byte: Int32, from cursor: UnsafeRawPointer) -> UnsafeRawPointer {
            cursor < end ? UnsafeRawPointer(memchr(cursor, byte, end - cursor) ?? UnsafeMutableRawPointer(mutating: end)) : end
        }
        var nextLower = next(lower, from: bytes)
        var nextUpper = lower == upper ? end : next(upper, from: bytes)
        while true {
            let found = min(nextLower, nextUpper)
            guard found < end else { return false }
            if equalFolded(found, needle, needleCount) { return true }
            if found == nextLower { nextLower = next(lower, from: found + 1) } else { nextUpper = next(upper, from: found + 1) }
        }
    }

    /// Whether the ASCII text holds `k`, `;` or `` ` `` in either case: characters that some
    /// non-ASCII character equals once folded.
    static func holdsCharacterReachedFromNonASCII(_ text: UnsafeRawPointer, _ count: Int) -> Bool {
        (0..<count).contains { isReachedFromNonASCII(text.load(fromByteOffset: $0, as: UInt8.self)) }
    }

    /// `KeyPattern.asciiBytesReachedFromNonASCII` (either case) as a switch: asked for every
    /// row a search reads, where hashing each byte into the set was a fifth of `:find`.
    static func isReachedFromNonASCII(_ byte: UInt8) -> Bool {
        switch asciiLowercased(byte) {
        case UInt8(ascii: "k"), UInt8(ascii: ";"), UInt8(ascii: "`"): true
        default: false
        }
    }

    /// Whether the bytes hold a byte of a non-ASCII character.
    static func containsNonASCII(_ bytes: UnsafeRawPointer, _ count: Int) -> Bool {
        UnsafeRawBufferPointer(start: bytes, count: count).contains { $0 >= 0x80 }
    }

    /// Whether `count` bytes at `a` equal those at `b`, ASCII letters in either case.
    private static func equalFolded(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
        for offset in 0..<count where asciiLowercased(a.load(fromByteOffset: offset, as: UInt8.self))
            != asciiLowercased(b.load(fromByteOffset: offset, as: UInt8.self)) {
            return false
        }
        return true
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
    }

    private static func asciiUppercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 0x20 : byte
    }
}
