import CSQLite
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
}
