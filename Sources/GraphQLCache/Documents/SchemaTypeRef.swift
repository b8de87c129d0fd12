/// A field's type as the schema declares it: a named type wrapped in lists and non-nulls.
indirect enum SchemaTypeRef: Sendable, Hashable {
    case named(String)
    case list(SchemaTypeRef)
    case nonNull(SchemaTypeRef)

    /// The innermost named type.
    var namedType: String {
        switch self {
        case .named(let name): return name
        case .list(let inner), .nonNull(let inner): return inner.namedType
        }
    }

    var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    /// The type without its outer non-null.
    var nullable: SchemaTypeRef {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    /// The element type when this (nullable part) is a list.
    var listElement: SchemaTypeRef? {
        if case .list(let inner) = nullable { return inner }
        return nil
    }
}

/// What the cache needs to know of one schema type.
struct SchemaType: Sendable {
    enum Kind: Sendable { case object, interface, union, scalar, enumeration, inputObject }

    let name: String
    var kind: Kind
    /// Output fields by name (objects and interfaces).
    var fields: [String: SchemaField] = [:]
    /// Interfaces an object or interface implements.
    var interfaces: [String] = []
    /// Members of a union.
    var members: [String] = []
    /// Values of an enum, in declaration order.
    var enumValues: [String] = []
    /// Fields of an input object and their types.
    var inputFields: [String: SchemaTypeRef] = [:]
    /// Input object fields that declare a default (not required even when non-null).
    var inputDefaults: Set<String> = []
}

/// One output field: its type and its argument names.
struct SchemaField: Sendable {
    let type: SchemaTypeRef
    let arguments: [String: SchemaTypeRef]
}
