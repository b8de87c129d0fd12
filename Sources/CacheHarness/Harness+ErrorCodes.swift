import GraphQLCache

extension Harness {
    /// The protocol's error for a library error: one mapping from `GraphQLCacheError`'s cases to
    /// HARNESS.md's codes, with the members each code carries (`locations`, `variable`, `miss`,
    /// `httpStatus`, `errors`).
    static func harnessError(_ error: GraphQLCacheError) -> HarnessError {
        switch error {
        case .invalidDocument(_, let locations):
            let list = locations.map { JSONValue.object(["line": .int($0.line), "column": .int($0.column)]) }
            return HarnessError(.invalidDocument, error.description, extra: ["locations": .array(list)])
        case .invalidVariables(let name, _):
            return HarnessError(.invalidVariables, error.description, extra: ["variable": .string(name)])
        case .invalidSchema:
            return HarnessError(.invalidSchema, error.description)
        case .invalidData, .invalidJSON, .invalidSnapshot:
            return HarnessError(.badRequest, error.description)
        case .cacheMiss(let miss):
            return HarnessError(.cacheMiss, miss.description, extra: ["miss": .object(miss.jsonObject)])
        case .limitExceeded:
            return HarnessError(.unsupported, error.description)
        case .network(let network):
            var extra = JSONObject()
            if let status = network.httpStatus { extra["httpStatus"] = .int(status) }
            if !network.graphQLErrors.isEmpty { extra["errors"] = .array(network.graphQLErrors.map(JSONValue.object)) }
            return HarnessError(.network, error.description, extra: extra)
        case .invalidResponse:
            return HarnessError(.network, error.description)
        case .noResults:
            return HarnessError(.noResults, error.description)
        case .storage, .brokenRecord, .fileNotWritten, .transactionClosed, .nestedTransaction, .journal:
            return HarnessError(.storage, error.description)
        }
    }
}
