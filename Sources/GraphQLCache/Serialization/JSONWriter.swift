/// Appends compact JSON to a byte buffer: no spaces, `/` unescaped, non-ASCII as UTF-8, control
/// characters as `\uXXXX`. Doubles are written so they read back as doubles (`1.0`, not `1`).
public struct JSONWriter {
    private var storage: JSONWriterStorage

    public init(reservingCapacity capacity: Int = 256) { storage = JSONWriterStorage(capacity: capacity) }

    /// The bytes written so far (a copy).
    public var bytes: [UInt8] { withExtendedLifetime(storage) { Array(storage.buffer) } }

    /// How many bytes have been written.
    public var count: Int { storage.count }

    /// Calls `body` with the bytes written so far, without copying them (valid only inside).
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) { try body(storage.buffer) }
    }

    /// The bytes written so far as text.
    public var string: String { withExtendedLifetime(storage) { String(decoding: storage.buffer, as: UTF8.self) } }

    @inline(__always) public mutating func raw(_ byte: UInt8) {
        room(1).pointee = byte
        storage.count += 1
    }

    public mutating func raw(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func null() { raw("null") }
    public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    public mutating func int(_ value: Int) {
        var text = String(value)
        text.withUTF8 { append($0) }
    }

    /// The shortest text that reads back as the same double, always with a `.` or exponent.
    /// Non-finite values have no JSON form and are written as `null`.
    public mutating func double(_ value: Double) {
        guard value.isFinite else { return null() }
        var text = value.description
        let isIntegral = text.withUTF8 { utf8 in
            append(utf8)
            return !utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }
        }
        if isIntegral { raw(".0") }
    }

    public mutating func string(_ value: String) {
        if value.utf8.withContiguousStorageIfAvailable({ appendQuoted($0) }) == nil {
            var contiguous = value
            contiguous.withUTF8 { appendQuoted($0) }
        }
    }

    /// Room for `extra` more bytes in a buffer this writer owns alone; returns where they go.
    @inline(__always) private mutating func room(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&storage) {
            storage = storage.copy(minimumCapacity: storage.count + extra)
        } else if storage.count + extra > storage.capacity {
            storage.grow(to: storage.count + extra)
        }
        return storage.start + storage.count
    }

    @inline(__always) private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        room(bytes.count).initialize(from: base, count: bytes.count)
        storage.count += bytes.count
    }

    /// Copies runs of bytes that need no escape in one go: most strings have none at all, and a
    /// byte-by-byte append was the larger part of encoding a record.
    private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        guard let firstEscape = utf8.firstIndex(where: Self.needsEscape) else {
            // The common case: one capacity check, one copy.
            let target = room(utf8.count + 2)
            target.pointee = UInt8(ascii: "\"")
            if let base = utf8.baseAddress { (target + 1).initialize(from: base, count: utf8.count) }
            target[utf8.count + 1] = UInt8(ascii: "\"")
            storage.count += utf8.count + 2
            return
        }
        raw(UInt8(ascii: "\""))
        var runStart = 0
        for index in firstEscape..<utf8.count where Self.needsEscape(utf8[index]) {
            append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            appendEscape(utf8[index])
            runStart = index + 1
        }
        append(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        raw(UInt8(ascii: "\""))
    }

    @inline(__always) private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    private mutating func appendEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): raw("\\\"")
        case UInt8(ascii: "\\"): raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        default:
            raw("\\u00")
            raw(Self.hexDigits[Int(byte >> 4)])
            raw(Self.hexDigits[Int(byte & 0x0F)])
        }
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
