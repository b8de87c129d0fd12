/// What a census of the cache needs of one stored record: its `__typename` and its field keys,
/// read from the record's JSON text without decoding a single value.
///
/// Why: the census behind a `neverFetched` diagnosis visits every record of the file, and
/// decoding each one (building every value) was a quarter of a 100,000-miss `query`; naming the
/// members of the outer object is a scan of the bytes.
package struct RecordShape: Hashable, Sendable {
    /// `__typename` when the record holds it as a string.
    public var typename: String?
    /// The field keys, in the text's order.
    public var fieldKeys: [String]

    public init(typename: String?, fieldKeys: [String]) {
        self.typename = typename
        self.fieldKeys = fieldKeys
    }

    /// The shape of a decoded record.
    public init(_ record: Record) {
        self.init(typename: record.typename, fieldKeys: Array(record.fields.keys))
    }

    /// The shape of the record JSON in `buffer`; nil when the scan cannot vouch for it (a
    /// member name or `__typename` written with escapes, text that is not one JSON object, bytes
    /// that are not UTF-8): decode the row then, which also tells a broken row from a whole one.
    /// Values are skipped, not checked: a row whose outer object is sound but one of whose
    /// values would not decode (`{"$reference": 5}`) is counted by its names, where a decoding
    /// census would leave it out. Such a row is `lint`'s to report; a census only says what
    /// was ever fetched.
    public static func scan(_ buffer: UnsafeBufferPointer<UInt8>) -> RecordShape? {
        var scanner = JSONMemberScanner(buffer)
        var shape = RecordShape(typename: nil, fieldKeys: [])
        while let member = scanner.next() {
            guard !member.keyHasEscape, let key = String(validating: buffer[member.key], as: UTF8.self) else { return nil }
            if key == "__typename", buffer[member.value.lowerBound] == UInt8(ascii: "\"") {
                let inner = member.value.lowerBound + 1..<member.value.upperBound - 1
                guard !buffer[inner].contains(UInt8(ascii: "\\")),
                      let typename = String(validating: buffer[inner], as: UTF8.self) else { return nil }
                shape.typename = typename
            }
            shape.fieldKeys.append(key)
        }
        return scanner.isAtEnd ? shape : nil
    }
}

/// A cache that can list its records' shapes faster than it can decode them (the SQLite cache
/// scans the stored text). `RecordCensus.of` uses it when the cache offers it.
package protocol RecordShapeScanning {
    /// Calls `body` with every readable record's key and shape; rows that cannot be read as a
    /// record (broken rows) are skipped, as a census skips them.
    func forEachRecordShape(_ body: (CacheKey, RecordShape) throws -> Void) throws
}
