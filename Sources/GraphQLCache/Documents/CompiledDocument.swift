import GraphQL

/// A parsed, validated and compiled document: its operations and fragments as plans, and the
/// text to send to a server (with `__typename` added). Immutable and shared between threads.
final class CompiledDocument: Sendable {
    struct VariableDefinitionPlan: Sendable {
        let name: String
        let type: SchemaTypeRef
        let defaultValue: JSONValue?
    }

    struct OperationPlan: Sendable {
        let name: String?
        let kind: GraphQLOperation.Kind
        let variables: [VariableDefinitionPlan]
        let selectionSet: SelectionSetPlan
    }

    struct FragmentPlan: Sendable {
        let name: String
        let typeCondition: String
        let selectionSet: SelectionSetPlan
    }

    let source: String
    let operations: [OperationPlan]
    let fragments: [FragmentPlan]
    /// The source with `__typename` added to every object selection set that lacks it, and
    /// `@defer` removed (CacheLens does not take incremental delivery: the server answers
    /// deferred fragments in its one response).
    let networkText: String

    /// Parses, validates (with a schema) and compiles `source`, within `limits` (the nesting is
    /// checked before GraphQL's parser runs).
    init(source: String, schema: CacheSchema?, limits: CacheLimits = CacheLimits()) throws(GraphQLCacheError) {
        try NestingScan(limit: limits.maximumNestingDepth).check(source, what: "The document")
        let document: Document
        do { document = try parse(source: source) } catch {
            throw Self.documentError(error)
        }
        if let schema { try Self.validate(document, schema: schema) }
        var compiler = try DocumentCompiler(schema: schema, document: document, limits: limits)
        var operations: [OperationPlan] = []
        var fragments: [FragmentPlan] = []
        var edits = NetworkEdits()
        for definition in document.definitions {
            switch definition {
            case let operation as OperationDefinition:
                operations.append(try Self.plan(operation, compiler: &compiler, schema: schema))
                edits.collect(operation.selectionSet, isRoot: true)
            case let fragment as FragmentDefinition:
                let condition = fragment.typeCondition.name.value
                fragments.append(FragmentPlan(name: fragment.name.value, typeCondition: condition,
                                              selectionSet: try compiler.compile(fragment.selectionSet, parentType: condition)))
                edits.collect(fragment.selectionSet, isRoot: false)
            default:
                throw .invalidDocument(message: "Only operations and fragments may appear in a document.",
                                       locations: DocumentCompiler.locations(definition.loc))
            }
        }
        self.source = source
        self.operations = operations
        self.fragments = fragments
        self.networkText = edits.applied(to: source)
    }

    private static func plan(_ operation: OperationDefinition, compiler: inout DocumentCompiler,
                             schema: CacheSchema?) throws(GraphQLCacheError) -> OperationPlan {
        let kind: GraphQLOperation.Kind
        let rootType: String?
        switch operation.operation {
        case .query: kind = .query; rootType = schema?.queryType ?? (schema == nil ? nil : "Query")
        case .mutation: kind = .mutation; rootType = schema?.mutationType
        case .subscription: kind = .subscription; rootType = schema?.subscriptionType
        }
        var variables: [VariableDefinitionPlan] = []
        for definition in operation.variableDefinitions {
            let defaultValue = try definition.defaultValue.map { value throws(GraphQLCacheError) in try DocumentCompiler.literal(value) }
            variables.append(VariableDefinitionPlan(name: definition.variable.name.value,
                                                    type: SchemaLoader.typeRef(definition.type), defaultValue: defaultValue))
        }
        return OperationPlan(name: operation.name?.value, kind: kind, variables: variables,
                             selectionSet: try compiler.compile(operation.selectionSet, parentType: rootType))
    }

    static func documentError(_ error: any Error) -> GraphQLCacheError {
        guard let error = error as? GraphQLError else { return .invalidDocument(message: "\(error)", locations: []) }
        return .invalidDocument(message: error.message,
                                locations: error.locations.map { DocumentLocation(line: $0.line, column: $0.column) })
    }

    /// GraphQL's validation; a fragment document's fragments are not "unused".
    private static func validate(_ document: Document, schema: CacheSchema) throws(GraphQLCacheError) {
        let hasOperation = document.definitions.contains { $0 is OperationDefinition }
        let errors = GraphQL.validate(schema: schema.graphQLSchema, ast: document).filter { error in
            hasOperation || !(error.message.hasPrefix("Fragment \"") && error.message.hasSuffix("is never used."))
        }
        if let first = errors.first { throw documentError(first) }
    }
}
