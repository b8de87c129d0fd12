import GraphQLCache

/// One parsed request line, with typed accessors that fail as `badRequest` naming the field.
public struct HarnessRequest: Sendable {
    public let op: String
    public let id: JSONValue?
    public let body: JSONObject

    /// Parses a line; a line that is not a JSON object with a string `op` is a `badRequest`
    /// (with whatever `id` could be recovered, so the caller can still echo it).
    public static func parse(_ line: String) -> ParsedLine {
        let value: JSONValue
        do { value = try JSONValue.parse(line) } catch {
            return .unreadable(id: nil, .badRequest("the line is not JSON: \(error.description)"))
        }
        guard case .object(let body) = value else {
            return .unreadable(id: nil, .badRequest("a request must be a JSON object, found \(value.kindName)"))
        }
        guard let opValue = body["op"] else { return .unreadable(id: body["id"], .badRequest("missing field \"op\"")) }
        guard case .string(let op) = opValue else {
            return .unreadable(id: body["id"], .badRequest("field \"op\" must be a string, found \(opValue.kindName)"))
        }
        return .request(HarnessRequest(op: op, id: body["id"], body: body))
    }

    /// An input line as read: a request, or a line that is not one, with the `id` it carried
    /// if any (so the answer can still echo it).
    public enum ParsedLine: Sendable {
        case request(HarnessRequest)
        case unreadable(id: JSONValue?, HarnessError)
    }

    /// A member that must be present (any JSON value).
    public func required(_ field: String) throws(HarnessError) -> JSONValue {
        guard let value = body[field] else { throw .badRequest("op \"\(op)\": missing field \"\(field)\"") }
        return value
    }

    public func string(_ field: String) throws(HarnessError) -> String {
        let value = try required(field)
        guard case .string(let string) = value else { throw typeError(field, "a string", value) }
        return string
    }

    public func optionalString(_ field: String) throws(HarnessError) -> String? {
        guard let value = body[field], !value.isNull else { return nil }
        guard case .string(let string) = value else { throw typeError(field, "a string", value) }
        return string
    }

    public func object(_ field: String) throws(HarnessError) -> JSONObject {
        let value = try required(field)
        guard case .object(let object) = value else { throw typeError(field, "an object", value) }
        return object
    }

    public func optionalObject(_ field: String) throws(HarnessError) -> JSONObject? {
        guard let value = body[field], !value.isNull else { return nil }
        guard case .object(let object) = value else { throw typeError(field, "an object", value) }
        return object
    }

    /// An optional boolean member.
    public func optionalBool(_ field: String) throws(HarnessError) -> Bool? {
        guard let value = body[field], !value.isNull else { return nil }
        guard case .bool(let flag) = value else { throw typeError(field, "a boolean", value) }
        return flag
    }

    /// A required array member.
    public func array(_ field: String) throws(HarnessError) -> [JSONValue] {
        let value = try required(field)
        guard case .array(let items) = value else { throw typeError(field, "an array", value) }
        return items
    }

    private func typeError(_ field: String, _ expected: String, _ found: JSONValue) -> HarnessError {
        .badRequest("op \"\(op)\": field \"\(field)\" must be \(expected), found \(found.kindName)")
    }
}
