import GraphQLCache

/// A request that failed, as the protocol reports it: a code from HARNESS.md, a message that
/// names the problem, and extra members (`miss`, `locations`, …) merged into the error object.
public struct HarnessError: Error, Sendable {
    /// The protocol's error codes.
    public enum Code: String, Sendable {
        case badRequest, unsupported, invalidDocument, invalidVariables, invalidSchema
        case cacheMiss, network, noResults, storage
    }

    public let code: Code
    public let message: String
    public let extra: JSONObject

    public init(_ code: Code, _ message: String, extra: JSONObject = JSONObject()) {
        self.code = code
        self.message = message
        self.extra = extra
    }

    /// The `error` member of the response line.
    public var jsonObject: JSONObject {
        var object: JSONObject = ["code": .string(code.rawValue), "message": .string(message)]
        for (key, value) in extra { object[key] = value }
        return object
    }

    static func badRequest(_ message: String) -> HarnessError { HarnessError(.badRequest, message) }
}
