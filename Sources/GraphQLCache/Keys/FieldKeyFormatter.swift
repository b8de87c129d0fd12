/// Field keys with arguments exactly as Apollo iOS formats them (`CacheKeyForField`):
/// arguments sorted by name and joined by `,`; strings and enums unquoted; null as `null`; an
/// input object as `[name:k:v,...]` with its members sorted; a list of objects as
/// `name:[k:v,...]`; a list of scalars as `name:[1, 1, 2]`.
enum FieldKeyFormatter {
    static func key(name: String, arguments: [(name: String, value: ArgumentValue)], variables: JSONObject) -> String {
        if arguments.isEmpty { return name }
        var evaluated: [(String, JSONValue)] = []
        for argument in arguments {
            if let value = argument.value.evaluate(variables) { evaluated.append((argument.name, value)) }
        }
        let inner = orderIndependentKey(evaluated)
        return inner.isEmpty ? name : name + "(" + inner + ")"
    }

    /// Apollo's `orderIndependentKey(for:)`.
    static func orderIndependentKey(_ members: [(String, JSONValue)]) -> String {
        members.sorted { $0.0 < $1.0 }.map { key, value in
            switch value {
            case .object(let object):
                return "[" + key + ":" + orderIndependentKey(Array(object.map { ($0.key, $0.value) })) + "]"
            case .array(let items) where !items.isEmpty && items.allSatisfy({ $0.objectValue != nil }):
                let objects = items.map { orderIndependentKey(Array($0.objectValue!.map { ($0.key, $0.value) })) }
                return key + ":[" + objects.joined(separator: ",") + "]"
            case .array(let items):
                return key + ":[" + items.map(describe).joined(separator: ", ") + "]"
            default:
                return key + ":" + describe(value)
            }
        }.joined(separator: ",")
    }

    /// How Swift describes a JSON value inside Apollo's keys.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .string(let s): return s
        case .array(let items): return "[" + items.map(describe).joined(separator: ", ") + "]"
        case .object(let object):
            return "[" + object.map { $0.key + ": " + describe($0.value) }.joined(separator: ", ") + "]"
        }
    }
}
