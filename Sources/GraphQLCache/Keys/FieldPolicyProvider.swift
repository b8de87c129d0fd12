/// A programmatic field policy, beside the `@fieldPolicy` directive: Apollo iOS's
/// `FieldPolicy.Provider`. When a field is absent from its parent record and has no directive,
/// the reader asks the provider; the ids it returns become record keys
/// `"\(uniqueKeyGroup ?? ReturnType):\(id)"`, one for a single object, a list for a list field.
public typealias FieldPolicyProvider = @Sendable (_ field: FieldPolicyRequest) -> FieldPolicyKeys?

/// What the provider is asked about: the field, its evaluated arguments and where it is read.
public struct FieldPolicyRequest: Sendable {
    /// The field's name (never the alias).
    public var name: String
    /// The parent object's `__typename`, when known.
    public var parentTypename: String?
    /// The field's declared type name (its element type for a list), when a schema is loaded.
    public var returnType: String?
    /// Whether the field's declared type is a list (false without a schema).
    public var isList: Bool
    /// The arguments with variables substituted (omitted variables dropped).
    public var arguments: JSONObject
    /// The response path of the field (response names and list indices).
    public var path: [PathComponent]
}

/// The provider's answer: one id, or one per element of a list field.
public enum FieldPolicyKeys: Sendable, Hashable {
    case one(CacheKeyInfo)
    case list([CacheKeyInfo])
}
