/// A GraphQL response: `data` (possibly partial or null), `errors` and `extensions`.
///
/// A response with `errors` is still a response, not a transport failure: GraphQL servers answer
/// 200 with partial `data` next to the errors of the fields that failed, and the store writes
/// that partial data (as Apollo iOS's cache policies do). Only `GraphQLCacheError.network` means no response at all.
public struct GraphQLResponse: Sendable, Hashable {
    /// The result data; nil when the server sent no `data` or `"data": null`.
    public var data: JSONObject?
    /// The GraphQL errors, each an object with at least `message` (and often `locations`, `path`).
    public var errors: [JSONObject]
    /// Server extensions (tracing, cost, …); nil when absent.
    public var extensions: JSONObject?

    /// A response built from its parts.
    public init(data: JSONObject?, errors: [JSONObject] = [], extensions: JSONObject? = nil) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
    }

    /// Reads a response object. It must have `data` or `errors` (the GraphQL over HTTP rule);
    /// `data` must be an object or null, `errors` a list of objects each with a string `message`,
    /// `extensions` an object or null. Anything else is `NetworkFailure.invalidResponse` naming the
    /// offending member.
    public init(json: JSONObject) throws(GraphQLCacheError) {
        guard json["data"] != nil || json["errors"] != nil else {
            throw .network(.invalidResponse("GraphQL response has neither \"data\" nor \"errors\""))
        }
        switch json["data"] {
        case nil, .null?: data = nil
        case .object(let object)?: data = object
        case let other?: throw .network(.invalidResponse("GraphQL response \"data\" is a \(other.kindName), not an object"))
        }
        errors = try Self.readErrors(json["errors"])
        switch json["extensions"] {
        case nil, .null?: extensions = nil
        case .object(let object)?: extensions = object
        case let other?: throw .network(.invalidResponse("GraphQL response \"extensions\" is a \(other.kindName), not an object"))
        }
    }

    private static func readErrors(_ value: JSONValue?) throws(GraphQLCacheError) -> [JSONObject] {
        switch value {
        case nil, .null?: return []
        case .array(let items)?:
            var errors: [JSONObject] = []
            for (index, item) in items.enumerated() {
                guard let error = item.objectValue, error["message"]?.stringValue != nil else {
                    throw .network(.invalidResponse("GraphQL response \"errors\"[\(index)] is not an object with a string \"message\""))
                }
                errors.append(error)
            }
            return errors
        case let other?:
            throw .network(.invalidResponse("GraphQL response \"errors\" is a \(other.kindName), not a list"))
        }
    }

    /// The response as JSON: `data` (null when absent), then `errors` when there are any, then
    /// `extensions` when present.
    public var jsonObject: JSONObject {
        var object: JSONObject = ["data": data.map(JSONValue.object) ?? .null]
        if !errors.isEmpty { object["errors"] = .array(errors.map(JSONValue.object)) }
        if let extensions { object["extensions"] = .object(extensions) }
        return object
    }

    /// Whether the server reported GraphQL errors (the data, if any, is then partial).
    public var hasErrors: Bool { !errors.isEmpty }
}
