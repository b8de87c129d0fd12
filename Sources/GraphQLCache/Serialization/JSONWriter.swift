/// Appends compact JSON to a byte buffer: no spaces, `/` unescaped, non-ASCII as UTF-8, control
/// characters as `\uXXXX`. Doubles are written so they read back as doubles (`1.0`, not `1`).
package struct JSONWriter {
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

    /// Forgets what was written, keeping the buffer: a writer reused for one record after
    /// another stays in the CPU cache.
    public mutating func removeAll() {
        if isKnownUniquelyReferenced(&storage) { storage.count = 0 } else { storage = JSONWriterStorage(capacity: storage.capacity) }
    }

    /// The bytes written so far as text.
    public var string: String { withExtendedLifetime(storage) { String(decoding: storage.buffer, as: UTF8.self) } }

    @inline(__always) public mutating func raw(_ byte: UInt8) {
        room(1).pointee = byte
        storage.count += 1
    }

    public mutating func raw(_ text: StaticString) {
        write(bound: text.utf8CodeUnitCount) { $0.raw(text) }
    }

    public mutating func null() { raw("null") }
    public mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }
    public mutating func int(_ value: Int) { write(bound: JSONTokenWriter.intBound) { $0.int(value) } }

    /// The shortest text that reads back as the same double, always with a `.` or exponent.
    /// Non-finite values have no JSON form and are written as `null`.
    public mutating func double(_ value: Double) { write(bound: JSONTokenWriter.doubleBound) { $0.double(value) } }

    public mutating func string(_ value: String) {
        write(bound: JSONTokenWriter.quotedBound(value.utf8.count)) { $0.quoted(value) }
    }

    /// Reserves `bound` bytes, lets `body` write at most that many through a cursor, and keeps
    /// what it wrote: one capacity check for a whole token, or a whole record.
    @inline(__always) mutating func write(bound: Int, _ body: (inout JSONTokenWriter) -> Void) {
        let start = room(bound)
        var cursor = JSONTokenWriter(start)
        body(&cursor)
        storage.count += cursor.position - start
    }

    /// Lets `body` append record JSON through a `RecordEncoder` that checks room per token;
    /// returns what `body` returns.
    @inline(__always) mutating func encodeRecord<Result>(_ body: (inout RecordEncoder) -> Result) -> Result {
        _ = room(0)
        var encoder = RecordEncoder(appendingTo: storage)
        let result = body(&encoder)
        encoder.finish()
        return result
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
