/// Record JSON written with one cursor over room reserved for the whole record: no capacity
/// check per token, which made encoding a record about twice as fast.
extension JSONCursor {
    /// The fields as one object, members in key order so that equal records encode identically.
    mutating func recordObject(_ fields: [String: CacheValue]) {
        byte(UInt8(ascii: "{"))
        // Sorting the dictionary's indices (plain values, on the stack) rather than copies of
        // its keys and values saves three arrays per record, and no key is hashed again.
        withUnsafeTemporaryAllocation(of: Dictionary<String, CacheValue>.Index.self, capacity: fields.count) { order in
            order.initialize(repeating: fields.startIndex)
            defer { order.deinitialize() }
            var count = 0
            let keys = fields.keys
            for index in fields.indices {
                var slot = count
                while slot > 0, keys[index] < keys[order[slot - 1]] {
                    order[slot] = order[slot - 1]
                    slot -= 1
                }
                order[slot] = index
                count += 1
            }
            for rank in 0..<count {
                if rank > 0 { byte(UInt8(ascii: ",")) }
                let (key, value) = fields[order[rank]]
                quoted(key)
                byte(UInt8(ascii: ":"))
                recordValue(value)
            }
        }
        byte(UInt8(ascii: "}"))
    }

    /// One value: a reference as `{"$reference":"KEY"}`, lists as arrays, custom scalar objects
    /// as objects.
    mutating func recordValue(_ value: CacheValue) {
        switch value {
        case .null: raw("null")
        case .bool(let v): v ? raw("true") : raw("false")
        case .int(let v): int(v)
        case .double(let v): double(v)
        case .string(let v): quoted(v)
        case .reference(let key):
            raw("{\"$reference\":")
            quoted(key.rawValue)
            byte(UInt8(ascii: "}"))
        case .list(let items):
            byte(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                recordValue(item)
            }
            byte(UInt8(ascii: "]"))
        case .object(let object): recordObject(object)
        }
    }
}

extension RecordJSON {
    /// The most bytes `write(fields)` can take (strings as if every byte were escaped).
    static func sizeBound(_ fields: [String: CacheValue]) -> Int {
        var bound = 2
        for (key, value) in fields { bound += JSONCursor.quotedBound(key.utf8.count) + 2 + sizeBound(value) }
        return bound
    }

    /// The most bytes `write(value)` can take.
    static func sizeBound(_ value: CacheValue) -> Int {
        switch value {
        case .null, .bool: return 5
        case .int: return JSONCursor.intBound
        case .double: return JSONCursor.doubleBound
        case .string(let v): return JSONCursor.quotedBound(v.utf8.count)
        case .reference(let key): return 15 + JSONCursor.quotedBound(key.rawValue.utf8.count)
        case .list(let items): return items.reduce(2) { $0 + sizeBound($1) + 1 }
        case .object(let object): return sizeBound(object)
        }
    }
}
