/// Fills in variable defaults and checks every provided value against its declared type, as
/// GraphQL's `getVariableValues` does, so that field keys are computed from the values a server
/// would see and a typo in a variable (`"FOO"` for an `Episode`) is an `invalidVariables` error
/// naming the variable and what it allows, never a cache miss of `hero(episode:FOO)`.
enum VariableCoercion {
    static func coerce(_ provided: JSONObject, definitions: [CompiledDocument.VariableDefinitionPlan],
                       schema: CacheSchema?) throws(GraphQLCacheError) -> JSONObject {
        var result = JSONObject()
        for definition in definitions {
            if let value = provided[definition.name] {
                let checker = Checker(variable: definition.name, schema: schema)
                try checker.check(value, against: definition.type, at: "")
                result[definition.name] = value
            } else if let defaultValue = definition.defaultValue {
                result[definition.name] = defaultValue
            } else if definition.type.isNonNull {
                throw .invalidVariables(name: definition.name, message: "required variable of type \(describe(definition.type)) was not provided")
            }
        }
        return result
    }

    static func describe(_ type: SchemaTypeRef) -> String {
        switch type {
        case .named(let name): return name
        case .list(let inner): return "[" + describe(inner) + "]"
        case .nonNull(let inner): return describe(inner) + "!"
        }
    }

    /// Checks one variable's value, naming the place inside it (`.review.stars`, `[2]`) in errors.
    private struct Checker {
        let variable: String
        let schema: CacheSchema?

        func check(_ value: JSONValue, against type: SchemaTypeRef, at place: String) throws(GraphQLCacheError) {
            if value.isNull {
                if type.isNonNull { throw fail(place, "must not be null (type \(describe(type)))") }
                return
            }
            if let element = type.listElement {
                guard case .array(let items) = value else {
                    try check(value, against: element, at: place)   // a single value stands for a list of one
                    return
                }
                for (index, item) in items.enumerated() { try check(item, against: element, at: place + "[\(index)]") }
                return
            }
            try checkNamed(value, type: type, at: place)
        }

        private func checkNamed(_ value: JSONValue, type: SchemaTypeRef, at place: String) throws(GraphQLCacheError) {
            let named = type.namedType
            switch (named, value) {
            case ("Int", .int(let number)):
                if number < Int(Int32.min) || number > Int(Int32.max) {
                    throw fail(place, "\(number) does not fit Int (a signed 32-bit integer)")
                }
                return
            case ("Float", .int), ("Float", .double), ("String", .string), ("ID", .string), ("ID", .int), ("Boolean", .bool):
                return
            case ("Int", _), ("Float", _), ("String", _), ("ID", _), ("Boolean", _):
                throw fail(place, "expected a value of type \(describe(type)), found \(value.kindName) \(value.jsonText)")
            default:
                break
            }
            guard let schemaType = schema?.types[named] else { return }   // custom scalars take anything
            switch schemaType.kind {
            case .enumeration: try checkEnum(value, schemaType, at: place)
            case .inputObject: try checkInput(value, schemaType, at: place)
            default: return
            }
        }

        private func checkEnum(_ value: JSONValue, _ type: SchemaType, at place: String) throws(GraphQLCacheError) {
            let allowed = "allowed values of \(type.name): " + type.enumValues.joined(separator: ", ")
            guard let text = value.stringValue else {
                throw fail(place, "expected a value of enum \(type.name), found \(value.kindName) \(value.jsonText); \(allowed)")
            }
            if !type.enumValues.contains(text) {
                throw fail(place, "\"\(text)\" is not a value of enum \(type.name); \(allowed)")
            }
        }

        private func checkInput(_ value: JSONValue, _ type: SchemaType, at place: String) throws(GraphQLCacheError) {
            guard let object = value.objectValue else {
                throw fail(place, "expected an input object \(type.name), found \(value.kindName) \(value.jsonText)")
            }
            for (name, _) in object where type.inputFields[name] == nil {
                let known = type.inputFields.keys.sorted().joined(separator: ", ")
                throw fail(place, "\(type.name) has no field \"\(name)\"; its fields: \(known)")
            }
            for (name, fieldType) in type.inputFields.sorted(by: { $0.key < $1.key }) {
                guard let member = object[name] else {
                    if fieldType.isNonNull && !type.inputDefaults.contains(name) { throw fail(place + "." + name, "required field of \(type.name) (type \(describe(fieldType))) was not provided") }
                    continue
                }
                try check(member, against: fieldType, at: place + "." + name)
            }
        }

        private func fail(_ place: String, _ message: String) -> GraphQLCacheError {
            .invalidVariables(name: variable, message: place.isEmpty ? message : "at \(place): \(message)")
        }
    }
}
