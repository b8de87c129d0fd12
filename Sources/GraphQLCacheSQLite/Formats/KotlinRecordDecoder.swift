import GraphQLCache

/// Apollo Kotlin normalized cache 1.0's binary record (apollo-kotlin-normalized-cache,
/// `normalized-cache-sqlite/.../internal/RecordSerializer.kt`), read into the library's model.
///
/// A record is a map of fields, then a count and that many (field key, metadata map) pairs.
/// A map is a count then (string, value) pairs; a string is a count then UTF-8 bytes. Counts
/// and ints: a byte below 223 is its own value, else a tag byte then a big-endian byte, short or
/// int (okio's `Buffer`). Values start with a tag (`NULL` = 223 … `ERROR` = 243). Cache keys
/// starting with `MUTATION_ROOT.`/`SUBSCRIPTION_ROOT.` are stored with `\u{1}`/`\u{2}` instead.
/// Metadata key `"0"` is `apollo-received-date` and `"1"` `apollo-expiration-date`.
struct KotlinRecordDecoder {
    /// A decoded record and the latest received date among its fields (ms since 1970), if any.
    struct Decoded {
        var record: Record
        var receivedMilliseconds: Int64?
    }

    private static let first = 255 - 32
    private enum Tag: Int {
        case null = 223, string, stringEmpty, intByte, intShort, intInt, long0, longByte, longShort, longInt, longLong
        case booleanTrue, booleanFalse, double, jsonNumber, list, listEmpty, map, mapEmpty, cacheKey, error
    }

    private let bytes: [UInt8]
    private var index = 0
    private let key: String

    /// Decodes the joined chunks of the record at `key`.
    static func decode(key: String, bytes: [UInt8]) throws(SQLiteError) -> Decoded {
        var decoder = KotlinRecordDecoder(bytes: bytes, key: key)
        return try decoder.decodeRecord()
    }

    private init(bytes: [UInt8], key: String) {
        self.bytes = bytes
        self.key = key
    }

    private mutating func decodeRecord() throws(SQLiteError) -> Decoded {
        var fields: [String: CacheValue] = [:]
        for (name, value) in try readMap() { fields[ForeignFieldKey.iOSKey(name)] = value }
        var received: Int64?
        for _ in 0..<max(try readCount(), 0) {
            _ = try readString()
            for (name, value) in try readMap() where name == "0" || name == "apollo-received-date" {
                if case .int(let date) = value { received = max(received ?? Int64(date), Int64(date)) }
            }
        }
        if index != bytes.count { throw broken("\(bytes.count - index) bytes after the record") }
        return Decoded(record: Record(key: CacheKey(Self.expand(key)), fields), receivedMilliseconds: received)
    }

    /// The full key of a key stored with a short root prefix.
    static func expand(_ key: String) -> String {
        if key.hasPrefix("\u{1}") { return "MUTATION_ROOT." + key.dropFirst() }
        if key.hasPrefix("\u{2}") { return "SUBSCRIPTION_ROOT." + key.dropFirst() }
        return key
    }

    private mutating func readMap() throws(SQLiteError) -> [(String, CacheValue)] {
        var members: [(String, CacheValue)] = []
        for _ in 0..<max(try readCount(), 0) { members.append((try readString(), try readValue())) }
        return members
    }

    private mutating func readValue() throws(SQLiteError) -> CacheValue {
        let what = Int(try readByte())
        if what < Self.first { return .int(what) }
        guard let tag = Tag(rawValue: what) else { throw broken("unknown value tag \(what)") }
        switch tag {
        case .null: return .null
        case .string: return .string(try readString())
        case .stringEmpty: return .string("")
        case .intByte, .longByte: return .int(Int(Int8(bitPattern: try readByte())))
        case .intShort, .longShort: return .int(Int(Int16(bitPattern: UInt16(try readBigEndian(2)))))
        case .intInt, .longInt: return .int(Int(Int32(bitPattern: UInt32(try readBigEndian(4)))))
        case .long0: return .int(0)
        case .longLong: return .int(Int(Int64(bitPattern: try readBigEndian(8))))
        case .booleanTrue: return .bool(true)
        case .booleanFalse: return .bool(false)
        case .double: return .double(Double(bitPattern: try readBigEndian(8)))
        case .jsonNumber:
            let text = try readString()
            return Int(text).map(CacheValue.int) ?? Double(text).map(CacheValue.double) ?? .string(text)
        case .list: return .list(try readValues(try readCount()))
        case .listEmpty: return .list([])
        case .map: return .object(Dictionary(try readMap(), uniquingKeysWith: { $1 }))
        case .mapEmpty: return .object([:])
        case .cacheKey: return .reference(CacheKey(Self.expand(try readString())))
        case .error: return try readError()
        }
    }

    /// A GraphQL error stored in a field: kept as an object with `message`, `locations`, `path`
    /// and `extensions`, as it appears in a response.
    private mutating func readError() throws(SQLiteError) -> CacheValue {
        let message = try readString()
        var locations: [CacheValue] = []
        for _ in 0..<max(try readCount(), 0) {
            let line = try readCount(), column = try readCount()
            locations.append(.object(["line": .int(line), "column": .int(column)]))
        }
        let path = try readValues(try readCount())
        let extensions = try readValue()
        return .object(["message": .string(message), "locations": .list(locations), "path": .list(path), "extensions": extensions])
    }

    private mutating func readValues(_ count: Int) throws(SQLiteError) -> [CacheValue] {
        var values: [CacheValue] = []
        for _ in 0..<max(count, 0) { values.append(try readValue()) }
        return values
    }

    /// `_readInt`: a small value in one byte, else a tagged byte, short or int.
    private mutating func readCount() throws(SQLiteError) -> Int {
        let what = Int(try readByte())
        if what < Self.first { return what }
        switch Tag(rawValue: what) {
        case .intByte?: return Int(Int8(bitPattern: try readByte()))
        case .intShort?: return Int(Int16(bitPattern: UInt16(try readBigEndian(2))))
        case .intInt?: return Int(Int32(bitPattern: UInt32(try readBigEndian(4))))
        default: throw broken("unknown int tag \(what)")
        }
    }

    private mutating func readString() throws(SQLiteError) -> String {
        let count = try readCount()
        guard count >= 0, count <= bytes.count - index else { throw broken("a string runs past the end") }
        defer { index += count }
        return String(decoding: bytes[index..<(index + count)], as: UTF8.self)
    }

    private mutating func readByte() throws(SQLiteError) -> UInt8 {
        guard index < bytes.count else { throw broken("the record ends early") }
        defer { index += 1 }
        return bytes[index]
    }

    private mutating func readBigEndian(_ count: Int) throws(SQLiteError) -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<count { value = value << 8 | UInt64(try readByte()) }
        return value
    }

    private func broken(_ reason: String) -> SQLiteError {
        .unreadableRow(path: "", key: key, reason: "\(reason) at byte \(index) (Apollo Kotlin 1.0 binary record)")
    }
}
