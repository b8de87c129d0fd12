/// Apollo iOS's record JSON, the text in its SQLite `record` column and in snapshots: an object
/// of field key to value, references as `{"$reference":"KEY"}`, lists as arrays (nested to any
/// depth), custom scalar objects as objects. Encodes and decodes straight between bytes and
/// `CacheValue`, with no Foundation bridging (that bridging is most of Apollo's merge time).
public enum RecordJSON {
    /// The record's fields as compact JSON bytes, fields sorted so that equal records encode
    /// identically.
    public static func encode(_ fields: [String: CacheValue]) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 64 + fields.count * 40)
        write(fields, to: &writer)
        return writer.bytes
    }

    /// As `encode`, as a String.
    public static func encodeString(_ fields: [String: CacheValue]) -> String {
        String(decoding: encode(fields), as: UTF8.self)
    }

    /// Appends the fields as one JSON object, members in key order.
    package static func write(_ fields: [String: CacheValue], to writer: inout JSONWriter) {
        writer.encodeRecord { $0.object(fields) }
    }

    /// Appends one value.
    package static func write(_ value: CacheValue, to writer: inout JSONWriter) {
        writer.encodeRecord { $0.value(value) }
    }

    /// Decodes a record's JSON; `key` names the record in the error (`.brokenRecord`).
    public static func decode<C: Collection>(_ bytes: C, key: CacheKey) throws(GraphQLCacheError) -> [String: CacheValue]
    where C.Element == UInt8 {
        let contiguous = Array(bytes)
        return try contiguous.withUnsafeBufferPointer { buffer throws(GraphQLCacheError) in
            try decode(buffer: buffer, key: key)
        }
    }

    /// Decodes a record's JSON straight from a buffer (a SQLite column): the fast path. `names`,
    /// kept across the rows of one load or scan, lets each row reuse the field names met before.
    package static func decode(buffer: UnsafeBufferPointer<UInt8>, key: CacheKey,
                              names: FieldNameTable? = nil) throws(GraphQLCacheError) -> [String: CacheValue] {
        let value: CacheValue
        do {
            value = try CacheValueBuilder.withBuilder(names: names) { builder throws(GraphQLCacheError) in
                try JSONParser.parse(buffer: buffer, builder: builder)
            }
        } catch {
            throw .brokenRecord(BrokenRecord(key: key, reason: error.description))
        }
        guard case .object(let fields) = value else {
            throw .brokenRecord(BrokenRecord(key: key, reason: "expected a JSON object of fields, found \(value.kindName)"))
        }
        return fields
    }

    /// One value of record JSON (a member's, say), as decoding the record would give it.
    static func decodeValue(_ buffer: UnsafeBufferPointer<UInt8>) throws(GraphQLCacheError) -> CacheValue {
        try CacheValueBuilder.withBuilder { builder throws(GraphQLCacheError) in try JSONParser.parse(buffer: buffer, builder: builder) }
    }

    /// A stored row as a browsing scan reports it: the record, or what is wrong with its JSON.
    package static func scannedRow(buffer: UnsafeBufferPointer<UInt8>, key: CacheKey, names: FieldNameTable? = nil) -> ScannedRow {
        do {
            return .record(Record(key: key, try decode(buffer: buffer, key: key, names: names)))
        } catch {
            return .broken(error.brokenRecord ?? BrokenRecord(key: key, reason: error.description))
        }
    }

    /// Decodes a record's JSON text.
    public static func decode(_ text: String, key: CacheKey) throws(GraphQLCacheError) -> [String: CacheValue] {
        try decode(Array(text.utf8), key: key)
    }

    /// Converts one harness/snapshot JSON value to a cache value (`$reference` objects become
    /// references). `context` names the place in errors.
    public static func cacheValue(from json: JSONValue, context: String) throws(GraphQLCacheError) -> CacheValue {
        switch json {
        case .null: return .null
        case .bool(let v): return .bool(v)
        case .int(let v): return .int(v)
        case .double(let v): return .double(v)
        case .string(let v): return .string(v)
        case .array(let items):
            var values: [CacheValue] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try cacheValue(from: item, context: context)) }
            return .list(values)
        case .object(let object):
            // Each member's value is built first, on a stack of its own; this object's members
            // then gather on this builder's.
            return try CacheValueBuilder.withBuilder { builder throws(GraphQLCacheError) in
                var members = builder.beginObject()
                for (key, member) in object { builder.add(key, try cacheValue(from: member, context: context), to: &members) }
                do throws(GraphQLCacheError) { return try builder.endObject(members) } catch .invalidJSON(let complaint) {
                    throw .brokenRecord(BrokenRecord(key: CacheKey(context), reason: complaint.message))
                }
            }
        }
    }

    /// Converts a cache value to a harness/snapshot JSON value.
    public static func jsonValue(_ value: CacheValue) -> JSONValue {
        switch value {
        case .null: return .null
        case .bool(let v): return .bool(v)
        case .int(let v): return .int(v)
        case .double(let v): return .double(v)
        case .string(let v): return .string(v)
        case .reference(let key): return .object(["$reference": .string(key.rawValue)])
        case .list(let items): return .array(items.map(jsonValue))
        case .object(let fields): return .object(jsonObject(fields))
        }
    }

    /// A record's fields as a JSON object, fields sorted.
    public static func jsonObject(_ fields: [String: CacheValue]) -> JSONObject {
        JSONObject(fields.keys.sorted().map { ($0, jsonValue(fields[$0]!)) })
    }
}
