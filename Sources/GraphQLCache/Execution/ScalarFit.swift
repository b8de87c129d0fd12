/// Whether a stored leaf value fits the scalar or enum type the schema declares, with the rules
/// of Apollo iOS's `JSONDecodable` conversions (a value that fails them is its "could not
/// convert" read error, so CacheLens reports a `wrongType` miss where the app would miss):
///
/// - `String` and `ID` take a string, an integer or a float (Apollo converts numbers to text);
/// - `Int` and `Float` take any number (Apollo reads an `NSNumber`; it does not check that an
///   `Int` fits 32 bits, and neither does this);
/// - `Boolean` takes only a boolean;
/// - an enum takes a string (an unknown value is Apollo's `GraphQLEnum.unknown`, not a failure);
/// - a custom scalar takes anything, as a custom scalar type decides for itself.
///
/// Lists and objects never fit a built-in scalar or an enum.
public enum ScalarFit {
    /// Whether `value` fits the named type `typeName` of `schema`.
    public static func fits(_ value: CacheValue, typeName: String, schema: CacheSchema) -> Bool {
        if case .null = value { return true }
        switch typeName {
        case "String", "ID":
            switch value {
            case .string, .int, .double: return true
            default: return false
            }
        case "Int", "Float":
            switch value {
            case .int, .double: return true
            default: return false
            }
        case "Boolean":
            if case .bool = value { return true }
            return false
        default:
            guard schema.types[typeName]?.kind == .enumeration else { return true }
            if case .string = value { return true }
            return false
        }
    }

    /// The named type of field `field` on type `typename`, when the schema declares it and the
    /// type is a scalar or an enum: what an edit of that field must fit.
    public static func leafType(of field: String, on typename: String, schema: CacheSchema) -> String? {
        guard let type = schema.field(field, on: typename)?.type else { return nil }
        let kind = schema.types[type.namedType]?.kind
        let builtIn = ["String", "ID", "Int", "Float", "Boolean"].contains(type.namedType)
        guard builtIn || kind == .scalar || kind == .enumeration else { return nil }
        return type.namedType
    }

    /// The type as the schema writes it, `[Episode]!`, for messages.
    public static func declared(of field: String, on typename: String, schema: CacheSchema) -> String? {
        schema.field(field, on: typename).map { VariableCoercion.describe($0.type) }
    }
}
