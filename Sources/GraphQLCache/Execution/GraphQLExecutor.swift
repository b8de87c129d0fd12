/// The facade that the store, the harness and the explorer call: documents to operations,
/// response data to records, records to data. Cheap and `Sendable`; holds one configuration
/// and its document cache (replace the executor when the configuration changes).
public final class GraphQLExecutor: Sendable {
    /// The schema and key rules every operation of this executor uses.
    public let configuration: CacheConfiguration
    private let documents: DocumentCache

    /// An executor for one configuration, with an empty document cache.
    public init(configuration: CacheConfiguration = CacheConfiguration()) {
        self.configuration = configuration
        self.documents = DocumentCache(schema: configuration.schema, limits: configuration.limits)
    }

    /// The operation `operationName` (or the document's only operation) with its variables
    /// coerced: defaults filled in, required variables checked.
    public func operation(document: String, operationName: String? = nil,
                          variables: JSONObject = JSONObject()) throws(GraphQLCacheError) -> GraphQLOperation {
        let compiled = try documents.document(for: document)
        let plan: CompiledDocument.OperationPlan
        if let operationName {
            guard let named = compiled.operations.first(where: { $0.name == operationName }) else {
                throw .invalidDocument(message: "Unknown operation named \"\(operationName)\".", locations: [])
            }
            plan = named
        } else {
            guard let only = compiled.operations.first else {
                throw .invalidDocument(message: "The document has no operation.", locations: [])
            }
            if compiled.operations.count > 1 {
                throw .invalidDocument(message: "The document has several operations: operationName is required.", locations: [])
            }
            plan = only
        }
        let coerced = try VariableCoercion.coerce(variables, definitions: plan.variables, schema: configuration.schema)
        return GraphQLOperation(operationType: plan.kind, name: plan.name, variables: coerced, typeCondition: nil,
                                document: compiled, selectionSet: plan.selectionSet)
    }

    /// The fragment `fragmentName` (or the document's first fragment) with its variables.
    public func fragment(document: String, fragmentName: String? = nil,
                         variables: JSONObject = JSONObject()) throws(GraphQLCacheError) -> GraphQLOperation {
        let compiled = try documents.document(for: document)
        let found = fragmentName.map { name in compiled.fragments.first { $0.name == name } } ?? compiled.fragments.first
        guard let plan = found else {
            let message = fragmentName.map { "Unknown fragment \"\($0)\"." } ?? "The document has no fragment."
            throw .invalidDocument(message: message, locations: [])
        }
        return GraphQLOperation(operationType: .fragment, name: plan.name, variables: variables,
                                typeCondition: plan.typeCondition, document: compiled, selectionSet: plan.selectionSet)
    }

    /// Response data -> records. The root object is stored at `key` (default: the operation's
    /// root); nested objects under their ids or paths.
    public func normalize(data: JSONObject, for operation: GraphQLOperation,
                          at key: CacheKey? = nil) throws(GraphQLCacheError) -> RecordSet {
        try normalize(data: data, for: operation, at: key, allowingAbsentFields: false)
    }

    /// `normalize`; with `allowingAbsentFields`, a selected field the data lacks is skipped
    /// instead of being an error (local cache mutations, `@defer` fragments not yet delivered).
    func normalize(data: JSONObject, for operation: GraphQLOperation, at key: CacheKey?,
                   allowingAbsentFields: Bool) throws(GraphQLCacheError) -> RecordSet {
        try Normalizer.normalize(data, selections: operation.selectionSet, rootKey: key ?? operation.rootKey,
                                 rootType: rootType(of: operation), configuration: configuration,
                                 variables: operation.variables, allowingAbsentFields: allowingAbsentFields)
    }

    /// Records -> data, walking the whole document: partial data, every miss, dependent keys.
    /// Throws only when the source itself fails.
    public func read(_ operation: GraphQLOperation, at key: CacheKey? = nil, from source: any RecordSource,
                     options: ReadOptions = ReadOptions()) throws -> ReadResult {
        var reader = Reader(configuration: configuration, variables: operation.variables, source: source, options: options)
        return try reader.read(operation.selectionSet, at: key ?? operation.rootKey, rootType: rootType(of: operation))
    }

    /// Server data cut to exactly what the operation selects (no `__typename` the client added
    /// to the request), so server and cache results have one shape.
    public func selectedData(_ data: JSONObject, for operation: GraphQLOperation) -> JSONObject {
        SelectionProjection(schema: configuration.schema, variables: operation.variables)
            .project(data, operation.selectionSet, staticType: rootType(of: operation))
    }

    /// The text to send to a server: `__typename` added to every object selection set.
    public func networkDocument(for operation: GraphQLOperation) -> String {
        operation.document.networkText
    }

    /// The type at the operation's root: the schema's root type, or the fragment's condition.
    func rootType(of operation: GraphQLOperation) -> String? {
        guard let schema = configuration.schema else {
            switch operation.operationType {
            case .query: return "Query"
            case .mutation: return "Mutation"
            case .subscription: return "Subscription"
            case .fragment: return operation.typeCondition
            }
        }
        switch operation.operationType {
        case .query: return schema.queryType
        case .mutation: return schema.mutationType
        case .subscription: return schema.subscriptionType
        case .fragment: return operation.typeCondition
        }
    }
}
