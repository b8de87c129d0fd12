/// Builds `JSONValue`s, keeping object member order; a repeated key keeps its last value.
package struct JSONValueBuilder: JSONBuilder {
    public init() {}
    public func null() -> JSONValue { .null }
    public func bool(_ value: Bool) -> JSONValue { .bool(value) }
    public func int(_ value: Int) -> JSONValue { .int(value) }
    public func double(_ value: Double) -> JSONValue { .double(value) }
    public func string(_ value: String) -> JSONValue { .string(value) }
    public func array(_ items: [JSONValue]) -> JSONValue { .array(items) }
    public func beginObject() -> JSONObject { JSONObject() }
    public func add(_ key: __owned String, _ value: __owned JSONValue, to object: inout JSONObject) { object[key] = value }
    public func endObject(_ object: __owned JSONObject) throws(GraphQLCacheError) -> JSONValue { .object(object) }
}

extension JSONValue {
    /// Parses a JSON text.
    public static func parse(_ text: String) throws(GraphQLCacheError) -> JSONValue {
        try JSONParser.parse(text.utf8, builder: JSONValueBuilder())
    }

    /// Parses JSON bytes.
    public static func parse<C: Collection>(bytes: C) throws(GraphQLCacheError) -> JSONValue where C.Element == UInt8 {
        try JSONParser.parse(bytes, builder: JSONValueBuilder())
    }
}
