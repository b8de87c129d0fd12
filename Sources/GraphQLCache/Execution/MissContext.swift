/// What the reader knew where a miss happened, beyond the harness `miss` object: the record's
/// type, the field's name, arguments and schema type, and whether the record key came from a
/// `@fieldPolicy`. Diagnoses (`MissDiagnoser`) use it to say what a miss means and what to change.
public struct MissContext: Sendable, Hashable {
    /// The typename of the record the read looked in (its `__typename`, or the static type).
    public var typename: String?
    /// The field's name (not its key, not its alias); nil for `missingRecord` at the root.
    public var fieldName: String?
    /// The field's arguments with variables substituted.
    public var arguments: JSONObject
    /// The named type the schema declares for the field (nil without a schema).
    public var fieldType: String?
    /// The field's type as written in the schema (`String!`, `[Episode]`), for messages.
    public var declaredType: String?
    /// The reference was built by a `@fieldPolicy` from the arguments, not stored in the record.
    public var viaFieldPolicy: Bool
    /// For a scalar that does not fit its schema type: the value found, as JSON text.
    public var foundValue: String?

    public init(typename: String? = nil, fieldName: String? = nil, arguments: JSONObject = JSONObject(),
                fieldType: String? = nil, declaredType: String? = nil, viaFieldPolicy: Bool = false,
                foundValue: String? = nil) {
        self.typename = typename
        self.fieldName = fieldName
        self.arguments = arguments
        self.fieldType = fieldType
        self.declaredType = declaredType
        self.viaFieldPolicy = viaFieldPolicy
        self.foundValue = foundValue
    }
}
