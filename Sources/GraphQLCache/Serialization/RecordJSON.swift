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
            value = try withExtendedLifetime(names) { () throws(GraphQLCacheError) in
                try JSONParser.parse(buffer: buffer, builder: CacheValueBuilder(names: names))
            }
        } catch {
            throw .brokenRecord(BrokenRecord(key: key, reason: error.description))
        }
        guard case .object(let fields) = value else {
            throw .brokenRecord(BrokenRecord(key: key, reason: "expected a JSON object of fields, found \(value.kindName)"))
        }
        return fields
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
        let builder = CacheValueBuilder()
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
            var members = builder.beginObject()
            for (key, member) in object { builder.add(key, try cacheValue(from: member, context: context), to: &members) }
            do { return try builder.endObject(members) } catch .invalidJSON(let complaint) {
                throw .brokenRecord(BrokenRecord(key: CacheKey(context), reason: complaint.message))
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

/// Builds `CacheValue`s from record JSON: `{"$reference": "K"}` becomes a reference, and a
/// `$reference` member whose value is not a string, or beside other members, is an error.
///
/// Members are gathered in a list and the dictionary is built once at the right size: growing
/// a dictionary member by member rehashed it several times per record, and a reference (most
/// objects in record JSON) needs no dictionary at all.
struct CacheValueBuilder: JSONBuilder {
    /// An object's members as read, the first kept apart so a one-member object allocates nothing.
    struct Members {
        var first: (key: String, value: CacheValue)?
        var rest: [(key: String, value: CacheValue)] = []
    }

    /// Where object keys are looked up by their bytes, when decoding many rows. Unmanaged: the
    /// caller of the parse keeps the table alive, and a retain and release per key would cost
    /// more than the lookup.
    private let names: Unmanaged<FieldNameTable>?

    init(names: FieldNameTable? = nil) {
        self.names = names.map { Unmanaged.passUnretained($0) }
    }

    func key(_ ascii: UnsafeBufferPointer<UInt8>) -> String {
        guard let names else { return String(decoding: ascii, as: UTF8.self) }
        return names._withUnsafeGuaranteedRef { $0.name(ascii) }
    }

    func null() -> CacheValue { .null }
    func bool(_ value: Bool) -> CacheValue { .bool(value) }
    func int(_ value: Int) -> CacheValue { .int(value) }
    func double(_ value: Double) -> CacheValue { .double(value) }
    func string(_ value: String) -> CacheValue { .string(value) }
    func array(_ items: [CacheValue]) -> CacheValue { .list(items) }

    func beginObject() -> Members { Members() }

    func add(_ key: String, _ value: CacheValue, to object: inout Members) {
        guard object.first != nil else { return object.first = (key, value) }
        if object.rest.isEmpty { object.rest.reserveCapacity(8) }
        object.rest.append((key, value))
    }

    func endObject(_ object: Members) throws(GraphQLCacheError) -> CacheValue {
        guard let first = object.first else { return .object([:]) }
        if object.rest.isEmpty, first.key != "$reference" { return .object([first.key: first.value]) }
        if object.rest.isEmpty, case .string(let key) = first.value { return .reference(CacheKey(key)) }
        var members = [String: CacheValue](minimumCapacity: object.rest.count + 1)
        members[first.key] = first.value
        for (key, value) in object.rest where members.updateValue(value, forKey: key) != nil {
            // A repeated name, or one equal to another only as text: the latter is refused.
            if let clash = ExactUTF8.fieldNameClash(in: members, with: key) {
                throw .invalidJSON(JSONSyntaxError(unplaced: clash))
            }
        }
        return try Self.checkedObject(members)
    }

    /// The object, or the error a `$reference` member makes of it (a repeated key keeps its
    /// last value, so `{"$reference":1,"$reference":"K"}` is a reference to K).
    private static func checkedObject(_ object: [String: CacheValue]) throws(GraphQLCacheError) -> CacheValue {
        guard let reference = object["$reference"] else { return .object(object) }
        guard object.count == 1 else {
            throw .invalidJSON(JSONSyntaxError(unplaced: "\"$reference\" must be the only member of its object"))
        }
        guard case .string(let key) = reference else {
            throw .invalidJSON(JSONSyntaxError(unplaced: "\"$reference\" must be a string, found \(reference.kindName)"))
        }
        return .reference(CacheKey(key))
    }
}
