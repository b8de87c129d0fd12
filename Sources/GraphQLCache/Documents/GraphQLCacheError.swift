/// Everything that can go wrong between a GraphQL document, a schema, response data and the
/// cache. One enum for the module's GraphQL layer, so callers (harness, explorer) can map each
/// case to its protocol code; every message names the document position, variable, type or path.
public enum GraphQLCacheError: Error, Sendable, CustomStringConvertible {
    /// Syntax or validation error in an operation or fragment document.
    case invalidDocument(message: String, locations: [DocumentLocation])
    /// A required variable is missing, or a variable value does not fit its type.
    case invalidVariables(name: String, message: String)
    /// The schema SDL (or an extension, a policy) cannot be loaded.
    case invalidSchema(String)
    /// Response data that does not fit the document (a missing field, an object where a scalar
    /// was selected, ...), at a response path.
    case invalidData(path: [PathComponent], message: String)
    /// A read that could not be completed from the cache.
    case cacheMiss(CacheMiss)
    /// The work asked for passes one of `CacheLimits` (the message names it and how to raise it).
    case limitExceeded(String)

    public var description: String {
        switch self {
        case .invalidDocument(let message, let locations):
            let at = locations.map(\.description).joined(separator: ", ")
            return at.isEmpty ? message : "\(message) (at \(at))"
        case .invalidVariables(let name, let message):
            return "variable \"$\(name)\": \(message)"
        case .invalidSchema(let message):
            return "invalid schema: \(message)"
        case .invalidData(let path, let message):
            let at = path.map(\.description).joined(separator: ".")
            return at.isEmpty ? "invalid data: \(message)" : "invalid data at \(at): \(message)"
        case .cacheMiss(let miss):
            return miss.description
        case .limitExceeded(let message):
            return message
        }
    }
}
