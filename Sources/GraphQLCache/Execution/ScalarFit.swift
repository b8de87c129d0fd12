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
package enum ScalarFit {
    /// Whether `value` fits the named type `typeName` of `schema`. `strict` (for edits, where
    /// the user chooses the value) takes only a string for `String` and a string or integer for
    /// `ID`, as a server would send them.
    public static func fits(_ value: CacheValue, typeName: String, schema: CacheSchema, strict: Bool = false) -> Bool {
        if case .null = value { return true }
        switch typeName {
        case "String", "ID":
            switch value {
            case .string: return true
            case .int: return !strict || typeName == "ID"
            case .double: return !strict
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

    /// Why `value` cannot be stored in field `fieldKey` of `record` under `schema` (a string field
    /// edited to `42`), or nil when it fits or the schema does not declare the field. The message
    /// names the schema's type. Edits are checked strictly (`fits(_:typeName:schema:strict:)`).
    public static func editProblem(_ value: CacheValue, fieldKey: String, of record: Record,
                                   schema: CacheSchema) -> String? {
        let name = KeyShape.fieldName(of: fieldKey)
        guard let typename = record.typename ?? KeyShape.rootTypename(record.key) ?? KeyShape.idTypename(record.key),
              let type = schema.field(name, on: typename)?.type else { return nil }
        let declared = VariableCoercion.describe(type)
        return fits(value, type: type, schema: schema) ? nil
            : "\(typename).\(name) is \(declared) in the schema: \(RecordJSON.jsonValue(value).jsonText) does not fit"
    }

    private static func fits(_ value: CacheValue, type: SchemaTypeRef, schema: CacheSchema) -> Bool {
        if case .null = value { return !type.isNonNull }
        if let element = type.listElement {
            guard case .list(let items) = value else { return false }
            return items.allSatisfy { fits($0, type: element, schema: schema) }
        }
        let kind = schema.types[type.namedType]?.kind
        if kind == .object || kind == .interface || kind == .union {
            if case .reference = value { return true }
            return false
        }
        switch value {
        case .list, .reference: return false
        default: return fits(value, typeName: type.namedType, schema: schema, strict: true)
        }
    }
}
