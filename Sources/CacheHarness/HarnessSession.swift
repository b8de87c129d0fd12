import GraphQLCache

/// The harness's GraphQL configuration: the schema texts loaded so far, the programmatic key
/// configuration, and the executor made from them (replaced whole whenever either changes).
public struct HarnessSession: Sendable {
    /// SDL texts in the order they were given; each `schema` op adds one.
    public private(set) var schemaTexts: [String] = []
    /// The `config` op's `cacheKey`, nil when programmatic ids are off.
    public private(set) var fieldKeys: FieldCacheKeys?
    /// Bounds on documents, schemas and reads (`cachelens harness --limit`).
    public let limits: CacheLimits
    /// The executor for the current configuration.
    public private(set) var executor: GraphQLExecutor

    public init(limits: CacheLimits = CacheLimits()) {
        self.limits = limits
        var configuration = CacheConfiguration()
        configuration.limits = limits
        executor = GraphQLExecutor(configuration: configuration)
    }

    /// Adds SDL (a schema or extensions); on error nothing changes.
    public mutating func addSchema(_ sdl: String) throws(GraphQLCacheError) {
        let schema = try CacheSchema.load(sdl: schemaTexts + [sdl], limits: limits)
        schemaTexts.append(sdl)
        rebuild(schema: schema)
    }

    /// Sets (or with nil, turns off) programmatic ids.
    public mutating func setFieldKeys(_ keys: FieldCacheKeys?) {
        fieldKeys = keys
        rebuild(schema: executor.configuration.schema)
    }

    private mutating func rebuild(schema: CacheSchema?) {
        var configuration = fieldKeys.map { CacheConfiguration(schema: schema, fieldKeys: $0) }
            ?? CacheConfiguration(schema: schema)
        configuration.limits = limits
        executor = GraphQLExecutor(configuration: configuration)
    }
}
