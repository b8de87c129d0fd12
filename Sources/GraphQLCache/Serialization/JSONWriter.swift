/// Appends compact JSON to a byte buffer: no spaces, `/` unescaped, non-ASCII as UTF-8, control
/// characters as `\uXXXX`. Doubles are written so they read back as doubles (`1.0`, not `1`).
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []

    public init(reservingCapacity capacity: Int = 256) { bytes.reserveCapacity(capacity) }

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always) public mutating func raw(_ byte: UInt8) { bytes.append(byte) }

    public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func null() { raw("null") }
    public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }
    public mutating func int(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

    /// The shortest text that reads back as the same double, always with a `.` or exponent.
    /// Non-finite values have no JSON form and are written as `null`.
    public mutating func double(_ value: Double) {
        guard value.isFinite else { return null() }
        let text = value.description
        bytes.append(contentsOf: text.utf8)
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }) {
            raw(".0")
        }
    }

    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x08: raw("\\b")
            case 0x0C: raw("\\f")
            case 0..<0x20:
                raw("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Writes a JSON value, object members in order.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: null()
        case .bool(let v): bool(v)
        case .int(let v): int(v)
        case .double(let v): double(v)
        case .string(let v): string(v)
        case .array(let items):
            raw(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { raw(UInt8(ascii: ",")) }
                self.value(item)
            }
            raw(UInt8(ascii: "]"))
        case .object(let object):
            raw(UInt8(ascii: "{"))
            var first = true
            for (key, member) in object {
                if !first { raw(UInt8(ascii: ",")) }
                first = false
                string(key)
                raw(UInt8(ascii: ":"))
                self.value(member)
            }
            raw(UInt8(ascii: "}"))
        }
    }
}

extension JSONValue {
    /// Compact JSON text.
    public var jsonText: String {
        var writer = JSONWriter()
        writer.value(self)
        return writer.string
    }
}
