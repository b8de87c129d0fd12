/// Fills in variable defaults and checks required variables, as GraphQL's `getVariableValues`
/// does, so that field keys are computed from the values a server would see.
enum VariableCoercion {
    static func coerce(_ provided: JSONObject, definitions: [CompiledDocument.VariableDefinitionPlan],
                       schema: CacheSchema?) throws(GraphQLCacheError) -> JSONObject {
        var result = JSONObject()
        for definition in definitions {
            if let value = provided[definition.name] {
                if value.isNull && definition.type.isNonNull {
                    throw .invalidVariables(name: definition.name, message: "must not be null (type \(describe(definition.type)))")
                }
                try check(value, against: definition.type, name: definition.name, schema: schema)
                result[definition.name] = value
            } else if let defaultValue = definition.defaultValue {
                result[definition.name] = defaultValue
            } else if definition.type.isNonNull {
                throw .invalidVariables(name: definition.name, message: "required variable of type \(describe(definition.type)) was not provided")
            }
        }
        return result
    }

    /// Checks a value's shape against a variable type: built-in scalars, enums and input
    /// objects by kind, lists element by element (a single value stands for a list of one).
    private static func check(_ value: JSONValue, against type: SchemaTypeRef, name: String,
                              schema: CacheSchema?) throws(GraphQLCacheError) {
        if value.isNull { return }
        if let element = type.listElement {
            if case .array(let items) = value {
                for item in items {
                    if item.isNull && element.isNonNull {
                        throw .invalidVariables(name: name, message: "list element must not be null")
                    }
                    try check(item, against: element, name: name, schema: schema)
                }
                return
            }
            try check(value, against: element, name: name, schema: schema)
            return
        }
        let named = type.namedType
        let ok: Bool
        switch (named, value) {
        case ("Int", .int), ("Float", .int), ("Float", .double), ("String", .string), ("ID", .string), ("ID", .int),
             ("Boolean", .bool):
            ok = true
        case ("Int", _), ("Float", _), ("String", _), ("ID", _), ("Boolean", _):
            ok = false
        default:
            switch schema?.types[named]?.kind {
            case .enumeration?: ok = value.stringValue != nil
            case .inputObject?: ok = value.objectValue != nil
            default: ok = true
            }
        }
        if !ok {
            throw .invalidVariables(name: name, message: "expected a value of type \(describe(type)), found \(value.kindName)")
        }
    }

    static func describe(_ type: SchemaTypeRef) -> String {
        switch type {
        case .named(let name): return name
        case .list(let inner): return "[" + describe(inner) + "]"
        case .nonNull(let inner): return describe(inner) + "!"
        }
    }
}
