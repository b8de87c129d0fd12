/// One result of a fetch or a watcher: data, GraphQL errors, and where it came from.
public struct QueryResult: Sendable, Equatable {
    /// Where a result came from.
    public enum Source: String, Sendable, Hashable {
        case cache, server
    }

    /// The data (partial when the server reported errors); nil when there is none.
    public var data: JSONObject?
    /// GraphQL errors from the server, each an object with at least `message`.
    public var errors: [JSONObject]
    /// Server extensions, if any.
    public var extensions: JSONObject?
    /// Cache or server.
    public var source: Source
    /// The field keys this result depends on, grouped by record: a watcher re-reads when one of
    /// them changes.
    public var dependencies: FieldDependencies
    /// For a `networkFirst` result that fell back to the cache: why the network failed.
    public var networkError: GraphQLCacheError?
    /// For a result from the cache: deferred fragments (`@defer`) whose data is not there yet.
    public var pending: [PendingFragment] = []
    /// For a partial result from the cache (`returnPartialData`): one miss per field the cache
    /// could not give (path, record, field key, reason); each stands as null in `data`.
    public var missingFields: [CacheMiss] = []

    /// A result made of its parts.
    public init(data: JSONObject?, errors: [JSONObject] = [], extensions: JSONObject? = nil,
                source: Source, dependentKeys: Set<FieldKey> = [], networkError: GraphQLCacheError? = nil) {
        self.init(data: data, errors: errors, extensions: extensions, source: source,
                  dependencies: FieldDependencies(dependentKeys), networkError: networkError)
    }

    /// A result whose dependencies are already grouped (a cache read's).
    public init(data: JSONObject?, errors: [JSONObject] = [], extensions: JSONObject? = nil,
                source: Source, dependencies: FieldDependencies, networkError: GraphQLCacheError? = nil) {
        self.networkError = networkError
        self.data = data
        self.errors = errors
        self.extensions = extensions
        self.source = source
        self.dependencies = dependencies
    }

    /// `dependencies` as a set of field keys, for callers that test or list them one by one.
    public var dependentKeys: Set<FieldKey> {
        get { dependencies.fieldKeys }
        set { dependencies = FieldDependencies(newValue) }
    }
}
