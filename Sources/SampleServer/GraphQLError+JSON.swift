import GraphQL
import GraphQLCache

extension GraphQLError {
    /// The error as a GraphQL response carries it: `message`, then `locations` and `path` when
    /// known, then `extensions` when any.
    var responseJSON: JSONObject {
        var object: JSONObject = ["message": .string(message)]
        if !locations.isEmpty {
            object["locations"] = .array(locations.map { location in
                .object(["line": .int(location.line), "column": .int(location.column)])
            })
        }
        if !path.elements.isEmpty {
            object["path"] = .array(path.elements.map { element in
                switch element {
                case .index(let index): return .int(index)
                case .key(let key): return .string(key)
                }
            })
        }
        if !extensions.isEmpty {
            object["extensions"] = .object(JSONObject(extensions.sorted { $0.key < $1.key }
                .map { ($0.key, JSONValue(graphQLMap: $0.value)) }))
        }
        return object
    }
}
