/// A parsed (and, with a schema, validated) operation or fragment bound to its variables: what
/// `GraphQLExecutor` normalizes and reads. Cheap to make: the parsed document is shared through
/// the executor's document cache.
public struct GraphQLOperation: Sendable {
    /// What the document defines.
    public enum Kind: String, Sendable, Hashable {
        case query, mutation, subscription, fragment
    }

    /// Query, mutation, subscription or fragment.
    public let operationType: Kind
    /// The operation's or fragment's name, if any.
    public let name: String?
    /// Where the data lives: `QUERY_ROOT`, `MUTATION_ROOT` or `SUBSCRIPTION_ROOT`. For a
    /// fragment, `QUERY_ROOT` unless a key is given to `normalize`/`read`.
    public let rootKey: CacheKey
    /// The variables, with defaults from the document filled in; omitted nullable variables
    /// stay absent.
    public let variables: JSONObject
    /// The document's source text.
    public var source: String { document.source }
    /// A fragment's type condition.
    public let typeCondition: String?

    let document: CompiledDocument
    let selectionSet: SelectionSetPlan

    init(operationType: Kind, name: String?, variables: JSONObject, typeCondition: String?,
         document: CompiledDocument, selectionSet: SelectionSetPlan) {
        self.operationType = operationType
        self.name = name
        self.variables = variables
        self.typeCondition = typeCondition
        self.document = document
        self.selectionSet = selectionSet
        switch operationType {
        case .query, .fragment: rootKey = .queryRoot
        case .mutation: rootKey = .mutationRoot
        case .subscription: rootKey = .subscriptionRoot
        }
    }
}
