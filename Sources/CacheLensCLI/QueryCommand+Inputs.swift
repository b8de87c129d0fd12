import GraphQLCache

extension QueryCommand {
    /// The operation from `-e`/`-f`, `--operation-name` and `--variables`; errors name the
    /// document's source with line and column, or the variable.
    func makeOperation(executor: GraphQLExecutor) throws -> GraphQLOperation {
        let source = documentFile ?? "-e"
        let text = try documentFile.map { try InputFile.readText($0, role: "document") } ?? document ?? ""
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

    /// `--variables` as a JSON object (empty when not given).
    private func parsedVariables() throws -> JSONObject {
        guard let variables else { return JSONObject() }
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
