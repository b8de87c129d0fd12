import GraphQLCache

/// A GraphQL operation given on the command line (`query`, `extract`): the document's text and
/// where it came from, `--operation-name` and `--variables`. Errors name the document with line
/// and column, or the variable.
struct OperationInput {
    /// The document text.
    let text: String
    /// Where the text came from, for messages: a file path, `-e`, or a bundle.
    let source: String
    let operationName: String?
    /// `--variables` as given, when given.
    let variables: String?
    /// Variables used when `--variables` is not given (a bundle's).
    var defaultVariables = JSONObject()

    /// The operation, compiled by `executor`.
    func operation(executor: GraphQLExecutor) throws -> GraphQLOperation {
        let values = try parsedVariables()
        do {
            return try executor.operation(document: text, operationName: operationName, variables: values)
        } catch {
            switch error {
            case .invalidDocument(let message, let locations):
                let at = locations.first.map { ":\($0.line):\($0.column)" } ?? ""
                throw CommandError.invalidContent(path: source, role: "document", message: "\(source)\(at): \(message)")
            case .invalidVariables:
                throw CommandError.invalidOption(name: "--variables", value: variables ?? "{}", reason: error.description)
            default:
                throw CommandError.invalidContent(path: source, role: "document", message: error.description)
            }
        }
    }

    /// `--variables` as a JSON object (the defaults when not given).
    func parsedVariables() throws -> JSONObject {
        guard let variables else { return defaultVariables }
        let value: JSONValue
        do { value = try JSONValue.parse(variables) } catch {
            throw CommandError.invalidOption(name: "--variables", value: variables, reason: "not JSON: \(error.description)")
        }
        guard case .object(let object) = value else {
            throw CommandError.invalidOption(name: "--variables", value: variables, reason: "expected a JSON object, found \(value.kindName)")
        }
        return object
    }
}
