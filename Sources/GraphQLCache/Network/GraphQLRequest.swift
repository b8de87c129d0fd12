/// One GraphQL operation as it goes over the wire: the document text, the operation to run and
/// its variables. Transports send it as `{"query","operationName","variables"}`.
///
/// The store builds it from a run-time document (with `__typename` added to every selection
/// set); transports never look inside the query text.
public struct GraphQLRequest: Sendable, Hashable {
    /// The GraphQL document text.
    public var query: String
    /// Which operation of the document to run; nil when the document has exactly one.
    public var operationName: String?
    /// Variable values, in order.
    public var variables: JSONObject

    /// A request for `query`, naming `operationName`, with `variables`.
    public init(query: String, operationName: String? = nil, variables: JSONObject = JSONObject()) {
        self.query = query
        self.operationName = operationName
        self.variables = variables
    }

    /// The POST body of GraphQL over HTTP: `query`, then `operationName` and `variables` when
    /// present (an absent operation name is omitted rather than sent as `null`).
    public var jsonObject: JSONObject {
        var object: JSONObject = ["query": .string(query)]
        if let operationName { object["operationName"] = .string(operationName) }
        object["variables"] = .object(variables)
        return object
    }

    /// Reads a request body as a GraphQL server receives it: `query` must be a string;
    /// `operationName` and `variables` may be absent or null.
    public init(json: JSONObject) throws(GraphQLCacheError) {
        guard let query = json["query"]?.stringValue else {
            throw .network(.invalidResponse("GraphQL request has no string \"query\" member"))
        }
        var operationName: String?
        switch json["operationName"] {
        case nil, .null?: operationName = nil
        case .string(let name)?: operationName = name
        case let other?: throw .network(.invalidResponse("GraphQL request \"operationName\" is a \(other.kindName), not a string"))
        }
        var variables = JSONObject()
        switch json["variables"] {
        case nil, .null?: break
        case .object(let object)?: variables = object
        case let other?: throw .network(.invalidResponse("GraphQL request \"variables\" is a \(other.kindName), not an object"))
        }
        self.init(query: query, operationName: operationName, variables: variables)
    }
}
