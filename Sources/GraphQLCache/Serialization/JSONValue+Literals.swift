/// JSON written as Swift literals: `["hero": ["name": "Luke", "height": 1.72, "friends": []]]`
/// is a `JSONValue` (and a `JSONObject`), `nil` is `.null`. What editing data inside
/// `update(query:)` and writing test data take.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) { self = .object(JSONObject(elements)) }
    public init(nilLiteral: ()) { self = .null }
}

/// Settable members and elements, so nested data is edited in place:
/// `data["hero"]?["name"] = "Artoo"`, `data["hero"]?["friends"]?[0] = nil`.
extension JSONValue {
    /// An object's member: reading gives nil for other values; setting on an object adds or
    /// replaces the member (nil removes it), and on any other value does nothing.
    public subscript(key: String) -> JSONValue? {
        get { objectValue?[key] }
        set {
            guard case .object(var object) = self else { return }
            self = .null
            object[key] = newValue
            self = .object(object)
        }
    }

    /// An array's element: nil out of range or for other values; setting in range replaces the
    /// element (nil sets `.null`), and elsewhere does nothing.
    public subscript(index: Int) -> JSONValue? {
        get {
            guard case .array(let items) = self, items.indices.contains(index) else { return nil }
            return items[index]
        }
        set {
            guard case .array(var items) = self, items.indices.contains(index) else { return }
            self = .null
            items[index] = newValue ?? .null
            self = .array(items)
        }
    }
}
