/// Writes record JSON in one walk over the fields, checking room once per token.
///
/// Why: encoding used to walk every record twice, once to find the most bytes it could take
/// and once to write them. The first walk cost a quarter of the encoding (dictionary iteration
/// and a retain and release of every value). Here room is checked before each token against the
/// end of the buffer (a pointer comparison) and grown when short, so the fields are walked once;
/// whether the bytes read back as the same fields is noted on the way.
struct RecordEncoder {
    private let storage: JSONWriterStorage
    private var cursor: JSONTokenWriter
    private var end: UnsafeMutablePointer<UInt8>
    /// Cleared by a value that would not read back as written: a non-finite double (written as
    /// `null`) or a custom scalar object with a `$reference` member (read back as a reference).
    private(set) var roundTrips = true
    /// `InlineUTF8.layoutHolds`, read once per encoder rather than once per string.
    private let inlineStrings = InlineUTF8.layoutHolds

    /// An encoder appending to `storage`, which must be owned by the caller alone.
    init(appendingTo storage: JSONWriterStorage) {
        self.storage = storage
        cursor = JSONTokenWriter(storage.start + storage.count)
        end = storage.start + storage.capacity
    }

    /// Records what was written in the storage's count; call once when done.
    func finish() {
        storage.count = cursor.position - storage.start
    }

    /// Room for the punctuation and any number, literal or `{"$reference":` around a token.
    private static let tokenRoom = 40

    @inline(__always) private mutating func reserve(_ bytes: Int) {
        if end - cursor.position < bytes { grow(bytes) }
    }

    private mutating func grow(_ bytes: Int) {
        storage.count = cursor.position - storage.start
        storage.grow(to: storage.count + bytes)
        cursor = JSONTokenWriter(storage.start + storage.count)
        end = storage.start + storage.capacity
    }

    /// The fields as one object, members in key order so that equal records encode identically.
    mutating func object(_ fields: [String: CacheValue]) {
        reserve(Self.tokenRoom)
        cursor.byte(UInt8(ascii: "{"))
        FieldOrder.forEach(inKeyOrder: fields, inlineStrings: inlineStrings) { rank, member in
            if member.wordCount > 0 {
                reserve(Self.tokenRoom)
                if rank > 0 { cursor.byte(UInt8(ascii: ",")) }
                cursor.quoted(low: member.prefix.byteSwapped, high: member.high, count: member.wordCount)
            } else {
                reserve(JSONTokenWriter.quotedBound(member.key.utf8.count) + Self.tokenRoom)
                if rank > 0 { cursor.byte(UInt8(ascii: ",")) }
                cursor.quoted(member.key)
            }
            cursor.byte(UInt8(ascii: ":"))
            value(member.value)
        }
        reserve(Self.tokenRoom)
        cursor.byte(UInt8(ascii: "}"))
    }

    /// One value: a reference as `{"$reference":"KEY"}`, lists as arrays, custom scalar objects
    /// as objects. Every token reserves its own room, so callers reserve only for their
    /// punctuation.
    @inline(__always) mutating func value(_ value: CacheValue) {
        switch value {
        case .null:
            reserve(Self.tokenRoom)
            cursor.raw("null")
        case .bool(let v):
            reserve(Self.tokenRoom)
            v ? cursor.raw("true") : cursor.raw("false")
        case .int(let v):
            reserve(Self.tokenRoom)
            cursor.int(v)
        case .double(let v):
            reserve(Self.tokenRoom)
            if !v.isFinite { roundTrips = false }
            cursor.double(v)
        case .string(let v):
            string(v)
        case .reference(let key):
            reserve(Self.tokenRoom)
            cursor.raw("{\"$reference\":")
            string(key.rawValue)
            cursor.byte(UInt8(ascii: "}"))
        case .list(let items):
            list(items)
        case .object(let members):
            if members["$reference"] != nil { roundTrips = false }
            object(members)
        }
    }

    /// A quoted string, and room for a token after it: an inline string with no byte to escape
    /// (most ids, names and keys) from its two words, others through its bytes.
    @inline(__always) private mutating func string(_ v: String) {
        if let inline = InlineUTF8(v, layoutHolds: inlineStrings),
           !JSONTokenWriter.needsEscape(low: inline.low, high: inline.high, count: inline.count) {
            reserve(Self.tokenRoom)
            cursor.quoted(low: inline.low, high: inline.high, count: inline.count)
        } else {
            reserve(JSONTokenWriter.quotedBound(v.utf8.count) + Self.tokenRoom)
            cursor.quoted(v)
        }
    }

    @inline(never) private mutating func list(_ items: [CacheValue]) {
        reserve(Self.tokenRoom)
        cursor.byte(UInt8(ascii: "["))
        // Through the buffer, not the array's iterator: with `value` written inline, about half
        // of the items are then read in place rather than copied out (callgrind: -2.5 %).
        items.withUnsafeBufferPointer { items in
            for index in items.indices {
                if index > 0 {
                    reserve(Self.tokenRoom)
                    cursor.byte(UInt8(ascii: ","))
                }
                value(items[index])
            }
        }
        reserve(Self.tokenRoom)
        cursor.byte(UInt8(ascii: "]"))
    }
}
