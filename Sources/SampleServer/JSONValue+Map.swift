import GraphQL
import GraphQLCache

/// Conversions between our `JSONValue` and GraphQL's `Map`, so variables go in and results come
/// out without Foundation's JSON. Ints and doubles stay apart both ways.
extension JSONValue {
    /// The `Map` GraphQL's executor takes (variables, resolver results).
    var graphQLMap: Map {
        switch self {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .string(let value): return .string(value)
        case .array(let items): return .array(items.map(\.graphQLMap))
        case .object(let object):
            guard case .dictionary(var members) = Map.dictionary([:]) else { return .null }
            for (key, value) in object { members[key] = value.graphQLMap }
            return .dictionary(members)
        }
    }

    /// The JSON of an executor `Map`; `undefined` becomes null, members keep their order.
    init(graphQLMap map: Map) {
        switch map {
        case .undefined, .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let number):
            switch number.storageType {
            case .bool: self = .bool(number.boolValue)
            case .int: self = .int(number.intValue)
            case .double, .unknown: self = .double(number.doubleValue)
            }
        case .string(let value): self = .string(value)
        case .array(let items): self = .array(items.map(JSONValue.init(graphQLMap:)))
        case .dictionary(let members):
            self = .object(JSONObject(members.map { ($0.key, JSONValue(graphQLMap: $0.value)) }))
        }
    }
}

extension JSONObject {
    /// Variables as GraphQL's executor takes them.
    var graphQLVariables: [String: Map] {
        var variables: [String: Map] = [:]
        for (key, value) in self { variables[key] = value.graphQLMap }
        return variables
    }
}
