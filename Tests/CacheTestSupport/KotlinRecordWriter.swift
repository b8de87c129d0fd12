/// Apollo Kotlin normalized cache 1.0's binary record, written in the test by the rules of
/// apollo-kotlin-normalized-cache `RecordSerializer.serialize` (okio's big-endian `Buffer`), so
/// that CacheLens's reader is checked against an independent writer.
public enum KotlinRecordWriter {
    /// A value as Apollo Kotlin holds it in a record.
    public indirect enum Value {
        case null, string(String), int(Int32), long(Int64), double(Double), bool(Bool), jsonNumber(String)
        case list([Value]), map([(String, Value)]), cacheKey(String)
        case error(message: String, path: [Value])
    }

    private static let first = 255 - 32

    /// The record's bytes: its fields, then per field key a metadata map (`"0"` is the
    /// received date, a Long).
    public static func record(_ fields: [(String, Value)], metadata: [(String, [(String, Value)])] = []) -> [UInt8] {
        var bytes: [UInt8] = []
        writeMap(fields, into: &bytes)
        writeInt(Int32(metadata.count), into: &bytes)
        for (key, map) in metadata {
            writeString(shorten(key), into: &bytes)
            writeMap(map, into: &bytes)
        }
        return bytes
    }

    private static func shorten(_ key: String) -> String {
        if key.hasPrefix("MUTATION_ROOT.") { return "\u{1}" + key.dropFirst("MUTATION_ROOT.".count) }
        if key.hasPrefix("SUBSCRIPTION_ROOT.") { return "\u{2}" + key.dropFirst("SUBSCRIPTION_ROOT.".count) }
        return key
    }

    private static func writeMap(_ map: [(String, Value)], into bytes: inout [UInt8]) {
        writeInt(Int32(map.count), into: &bytes)
        for (key, value) in map {
            writeString(key, into: &bytes)
            write(value, into: &bytes)
        }
    }

    private static func writeString(_ text: String, into bytes: inout [UInt8]) {
        writeInt(Int32(text.utf8.count), into: &bytes)
        bytes += Array(text.utf8)
    }

    private static func bigEndian<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.bigEndian) { bytes += $0 }
    }

    /// `_writeInt`: 0..<223 as one byte, else a tag and the smallest of byte, short, int.
    private static func writeInt(_ value: Int32, into bytes: inout [UInt8]) {
        switch value {
        case 0..<Int32(first): bytes.append(UInt8(value))
        case Int32(Int8.min)...Int32(Int8.max): bytes += [UInt8(first + 3), UInt8(bitPattern: Int8(value))]
        case Int32(Int16.min)...Int32(Int16.max): bytes.append(UInt8(first + 4)); bigEndian(Int16(value), into: &bytes)
        default: bytes.append(UInt8(first + 5)); bigEndian(value, into: &bytes)
        }
    }

    private static func writeLong(_ value: Int64, into bytes: inout [UInt8]) {
        switch value {
        case 0: bytes.append(UInt8(first + 6))
        case Int64(Int8.min)...Int64(Int8.max): bytes += [UInt8(first + 7), UInt8(bitPattern: Int8(value))]
        case Int64(Int16.min)...Int64(Int16.max): bytes.append(UInt8(first + 8)); bigEndian(Int16(value), into: &bytes)
        case Int64(Int32.min)...Int64(Int32.max): bytes.append(UInt8(first + 9)); bigEndian(Int32(value), into: &bytes)
        default: bytes.append(UInt8(first + 10)); bigEndian(value, into: &bytes)
        }
    }

    private static func write(_ value: Value, into bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(UInt8(first))
        case .string(let text) where text.isEmpty: bytes.append(UInt8(first + 2))
        case .string(let text): bytes.append(UInt8(first + 1)); writeString(text, into: &bytes)
        case .int(let number): writeInt(number, into: &bytes)
        case .long(let number): writeLong(number, into: &bytes)
        case .double(let number): bytes.append(UInt8(first + 13)); bigEndian(number.bitPattern, into: &bytes)
        case .jsonNumber(let text): bytes.append(UInt8(first + 14)); writeString(text, into: &bytes)
        case .bool(let flag): bytes.append(UInt8(flag ? first + 11 : first + 12))
        case .list(let items) where items.isEmpty: bytes.append(UInt8(first + 16))
        case .list(let items):
            bytes.append(UInt8(first + 15))
            writeInt(Int32(items.count), into: &bytes)
            for item in items { write(item, into: &bytes) }
        case .map(let members) where members.isEmpty: bytes.append(UInt8(first + 18))
        case .map(let members): bytes.append(UInt8(first + 17)); writeMap(members, into: &bytes)
        case .cacheKey(let key): bytes.append(UInt8(first + 19)); writeString(shorten(key), into: &bytes)
        case let .error(message, path):
            bytes.append(UInt8(first + 20))
            writeString(message, into: &bytes)
            writeInt(0, into: &bytes)
            writeInt(Int32(path.count), into: &bytes)
            for component in path { write(component, into: &bytes) }
            write(.null, into: &bytes)
        }
    }
}
