/// Everything that decides record keys and validation: the schema (with its policies) and the
/// programmatic cache ids. Immutable: when the configuration changes, a new one replaces it
/// whole (and a new `GraphQLExecutor` is made from it).
public struct CacheConfiguration: Sendable {
    /// The schema, if any: it validates documents, matches fragments on interfaces and unions,
    /// makes null in a non-null field a miss, and carries `@typePolicy`/`@fieldPolicy`.
    public var schema: CacheSchema?
    /// Programmatic ids, tried before type policies.
    public var cacheKeyResolver: CacheKeyResolver?
    /// How the resolver's ids become keys (`Type:id` or the legacy bare id).
    public var cacheKeyFormat: CacheKeyFormat
    /// Bounds on nesting, inlined selections and read results (`CacheLimits`' defaults).
    public var limits = CacheLimits()
    /// Programmatic field policies, asked after `@fieldPolicy` (Apollo's `FieldPolicy.Provider`).
    public var fieldPolicyProvider: FieldPolicyProvider?

    public init(schema: CacheSchema? = nil, cacheKeyResolver: CacheKeyResolver? = nil,
                cacheKeyFormat: CacheKeyFormat = .typed) {
        self.schema = schema
        self.cacheKeyResolver = cacheKeyResolver
        self.cacheKeyFormat = cacheKeyFormat
    }

    /// Ids from the values of some fields: `FieldCacheKeys(fields: ["id"])` gives `Droid:2001`;
    /// with `.bare`, just `2001` (the legacy `cacheKeyForObject = { $0["id"] }`).
    public init(schema: CacheSchema? = nil, fieldKeys: FieldCacheKeys) {
        self.schema = schema
        self.cacheKeyFormat = fieldKeys.format
        let group = fieldKeys.group
        self.cacheKeyResolver = { _, object in
            fieldKeys.id(of: object).map { CacheKeyInfo(id: $0, uniqueKeyGroup: group) }
        }
    }

    /// The record key the resolver gives an object of `typename`, if any.
    func resolvedKey(typename: String, object: JSONObject) -> CacheKey? {
        guard let resolver = cacheKeyResolver, let info = resolver(typename, object) else { return nil }
        switch cacheKeyFormat {
        case .bare: return CacheKey(info.id)
        case .typed: return CacheKey((info.uniqueKeyGroup ?? typename) + ":" + info.id)
        }
    }
}
