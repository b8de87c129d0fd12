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
        withUnsafeTemporaryAllocation(of: Dictionary<String, CacheValue>.Index.self, capacity: fields.count) { order in
            order.initialize(repeating: fields.startIndex)
            defer { order.deinitialize() }
            let count = Self.sortIndices(of: fields, into: order)
            for rank in 0..<count {
                let (key, value) = fields[order[rank]]
                reserve(JSONTokenWriter.quotedBound(key.utf8.count) + Self.tokenRoom)
                if rank > 0 { cursor.byte(UInt8(ascii: ",")) }
                cursor.quoted(key)
                cursor.byte(UInt8(ascii: ":"))
                self.value(value)
            }
        }
        reserve(Self.tokenRoom)
        cursor.byte(UInt8(ascii: "}"))
    }

    /// One value: a reference as `{"$reference":"KEY"}`, lists as arrays, custom scalar objects
    /// as objects. Every token reserves its own room, so callers reserve only for their
    /// punctuation.
    mutating func value(_ value: CacheValue) {
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
            reserve(JSONTokenWriter.quotedBound(v.utf8.count) + Self.tokenRoom)
            cursor.quoted(v)
        case .reference(let key):
            reserve(JSONTokenWriter.quotedBound(key.rawValue.utf8.count) + Self.tokenRoom)
            cursor.raw("{\"$reference\":")
            cursor.quoted(key.rawValue)
            cursor.byte(UInt8(ascii: "}"))
        case .list(let items):
            list(items)
        case .object(let members):
            if members["$reference"] != nil { roundTrips = false }
            object(members)
        }
    }

    private mutating func list(_ items: [CacheValue]) {
        reserve(Self.tokenRoom)
        cursor.byte(UInt8(ascii: "["))
        for (index, item) in items.enumerated() {
            if index > 0 {
                reserve(Self.tokenRoom)
                cursor.byte(UInt8(ascii: ","))
            }
            value(item)
        }
        reserve(Self.tokenRoom)
        cursor.byte(UInt8(ascii: "]"))
    }

    /// Puts the dictionary's indices into `order` (initialized, at least `fields.count` long)
    /// sorted by key; returns how many.
    ///
    /// Sorting indices (plain values, on the stack) rather than copies of the keys and values
    /// saves three arrays per record, and no key is hashed again.
    ///
    /// An insertion sort for the usual few fields (no allocation, fastest on a dozen keys); a
    /// record wider than `insertionSortLimit` is sorted in O(n log n): insertion alone made one
    /// write of a 100,000-field record take minutes.
    @inline(__always)
    private static func sortIndices(of fields: [String: CacheValue],
                                      into order: UnsafeMutableBufferPointer<Dictionary<String, CacheValue>.Index>) -> Int {
        let keys = fields.keys
        guard fields.count <= insertionSortLimit else {
            for (rank, index) in fields.indices.enumerated() { order[rank] = index }
            var sorted = order
            sorted.sort { keys[$0] < keys[$1] }
            return fields.count
        }
        var count = 0
        for index in fields.indices {
            var slot = count
            while slot > 0, keys[index] < keys[order[slot - 1]] {
                order[slot] = order[slot - 1]
                slot -= 1
            }
            order[slot] = index
            count += 1
        }
        return count
    }

    /// Above this many fields, `sortIndices` sorts rather than inserting.
    static let insertionSortLimit = 32
}
