import GraphQL

/// A schema (SDL plus extension files with `@typePolicy`/`@fieldPolicy`), optional in a
/// `CacheConfiguration`. It validates documents, says which concrete types a fragment on an
/// interface or union matches, which fields are non-null, and how objects are keyed.
public struct CacheSchema: Sendable {
    /// The SDL texts it was loaded from, in order (extensions add up).
    public let sdl: [String]
    /// GraphQL's schema, for document validation.
    let graphQLSchema: GraphQLSchema
    /// Types by name.
    let types: [String: SchemaType]
    /// Root operation type names.
    let queryType: String?
    let mutationType: String?
    let subscriptionType: String?
    /// `@typePolicy` key fields by type or interface name.
    public let typePolicies: [String: [String]]
    /// `@fieldPolicy` by type name, then field name.
    public let fieldPolicies: [String: [String: FieldPolicy]]

    /// The directives the policies use; declared before the user's SDL.
    static let policyDirectives = """
        directive @typePolicy(keyFields: String!) on OBJECT | INTERFACE
        directive @fieldPolicy(forField: String!, keyArgs: String!) repeatable on OBJECT | INTERFACE

        """

    /// `@defer`, which GraphQL's validation does not know yet; declared (at the end of the last
    /// line of `policyDirectives`, so error lines stay put) unless the SDL declares it.
    static let deferDirective = "directive @defer(label: String, if: Boolean! = true) on FRAGMENT_SPREAD | INLINE_FRAGMENT"

    /// Loads SDL texts: a schema and extension files. Syntax errors, invalid SDL, key fields that
    /// do not exist and conflicting interface policies are `invalidSchema` errors naming them.
    /// `limits.maximumNestingDepth` bounds the texts' nesting (checked before GraphQL parses them).
    public static func load(sdl: [String], limits: CacheLimits = CacheLimits()) throws(GraphQLCacheError) -> CacheSchema {
        try SchemaLoader(sdl: sdl, limits: limits).load()
    }

    init(sdl: [String], graphQLSchema: GraphQLSchema, types: [String: SchemaType],
         roots: (String?, String?, String?), typePolicies: [String: [String]],
         fieldPolicies: [String: [String: FieldPolicy]]) {
        self.sdl = sdl
        self.graphQLSchema = graphQLSchema
        self.types = types
        (queryType, mutationType, subscriptionType) = roots
        self.typePolicies = typePolicies
        self.fieldPolicies = fieldPolicies
    }

    /// Identity of this loaded schema, to key validated documents.
    var identity: ObjectIdentifier { ObjectIdentifier(graphQLSchema) }

    /// The field `name` of type `typeName`, if declared.
    func field(_ name: String, on typeName: String) -> SchemaField? {
        types[typeName]?.fields[name]
    }

    /// Whether an object of concrete type `typename` matches a type condition.
    package func matches(typename: String, condition: String) -> Bool {
        if typename == condition { return true }
        guard let type = types[condition] else { return false }
        switch type.kind {
        case .interface: return types[typename]?.interfaces.contains(condition) ?? false
        case .union: return type.members.contains(typename)
        default: return false
        }
    }

    /// Whether `name` is an object type (a concrete type, whose name is a typename).
    /// How many named types the schema declares (introspection's own `__` types not counted),
    /// for a status line's `schema: 24 types`.
    package var typeCount: Int { types.keys.filter { !$0.hasPrefix("__") }.count }

    package func isObjectType(_ name: String) -> Bool { types[name]?.kind == .object }

    /// Whether `name` is an object, interface or union type: one whose values are objects with
    /// selections, not leaves.
    package func isCompositeType(_ name: String) -> Bool {
        switch types[name]?.kind {
        case .object?, .interface?, .union?: return true
        default: return false
        }
    }

    /// The object types that match type condition `condition` (itself, an interface's
    /// implementations, a union's members), sorted by name.
    package func objectTypeNames(matching condition: String) -> [String] {
        types.values.filter { $0.kind == .object && matches(typename: $0.name, condition: condition) }.map(\.name).sorted()
    }

    /// The key fields that apply to concrete type `typename`: its own policy, else the policy of
    /// an interface it implements (conflicts are rejected at load time).
    package func keyFields(for typename: String) -> [String]? {
        if let own = typePolicies[typename] { return own }
        for interface in types[typename]?.interfaces ?? [] {
            if let inherited = typePolicies[interface] { return inherited }
        }
        return nil
    }
}

/// `@fieldPolicy(forField:, keyArgs:)`: the record a field resolves to, built from arguments.
public struct FieldPolicy: Sendable, Hashable {
    /// Argument paths (`id`, `input.id`), in the order they make the key.
    public let keyArgs: [[String]]

    public init(keyArgs: [[String]]) { self.keyArgs = keyArgs }
}
