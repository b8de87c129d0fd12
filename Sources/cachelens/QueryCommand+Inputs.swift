import GraphQLCache

extension QueryCommand {
    /// The operation from `-e`/`-f`, `--operation-name` and `--variables`; errors name the
    /// document's source with line and column, or the variable.
    func makeOperation(executor: GraphQLExecutor) throws -> GraphQLOperation {
        let source = documentFile ?? "-e"
        let text = try documentFile.map { try FileAccess.readText($0, role: "document") } ?? document ?? ""
        let values = try parsedVariables()
        do {
            return try executor.operation(document: text, operationName: operationName, variables: values)
        } catch {
            switch error {
            case .invalidDocument(let message, let locations):
                let at = locations.first.map { ":\($0.line):\($0.column)" } ?? ""
                throw CommandError("\(source)\(at): \(message)")
            default:
                throw CommandError(error.description)
            }
        }
    }

    /// `--variables` as a JSON object (empty when not given).
    private func parsedVariables() throws -> JSONObject {
        guard let variables else { return JSONObject() }
        let value: JSONValue
        do { value = try JSONValue.parse(variables) } catch {
            throw CommandError("--variables: not JSON: \(error.description)")
        }
        guard case .object(let object) = value else {
            throw CommandError("--variables must be a JSON object, found \(value.kindName)")
        }
        return object
    }
}
