/// `@fieldPolicy`: when a field is absent from its parent record, build the record key from the
/// arguments and read that record (as Apollo Kotlin does; Apollo iOS looks the key up as a field
/// of the parent and so misses after a real network write).
extension Reader {
    /// A reference (or, for one list argument, a list of references) for the field; nil when
    /// the arguments do not give a key.
    mutating func resolve(_ field: FieldPlan, policy: FieldPolicy) throws -> CacheValue? {
        guard let returnType = field.type?.namedType else { return nil }
        var arguments = JSONObject()
        for argument in field.arguments {
            if let value = argument.value.evaluate(variables) { arguments[argument.name] = value }
        }
        var parts: [[String]] = []
        var listIndex: Int?
        for keyPath in policy.keyArgs {
            guard let value = Self.value(at: keyPath, in: arguments) else { return nil }
            if case .array(let items) = value, listIndex == nil {
                listIndex = parts.count
                var texts: [String] = []
                for item in items {
                    guard let text = KeyFieldValue.argumentText(item) else { return nil }
                    texts.append(KeyFieldValue.escape(text))
                }
                parts.append(texts)
            } else {
                guard let text = KeyFieldValue.argumentText(value) else { return nil }
                parts.append([KeyFieldValue.escape(text)])
            }
        }
        guard let listIndex else {
            return .reference(try key(for: parts.map { $0[0] }.joined(separator: "+"), returnType: returnType))
        }
        var references: [CacheValue] = []
        for element in parts[listIndex] {
            var row = parts.map { $0.first ?? "" }
            row[listIndex] = element
            references.append(.reference(try key(for: row.joined(separator: "+"), returnType: returnType)))
        }
        return .list(references)
    }

    /// The record(s) a programmatic field policy names; nil when it names none or a key has no
    /// type to go with its id (no schema and no `uniqueKeyGroup`).
    func resolve(_ field: FieldPlan, provider: FieldPolicyProvider, parentTypename: String?) -> CacheValue? {
        var arguments = JSONObject()
        for argument in field.arguments {
            if let value = argument.value.evaluate(variables) { arguments[argument.name] = value }
        }
        let request = FieldPolicyRequest(name: field.name, parentTypename: parentTypename, returnType: field.type?.namedType,
                                         isList: field.type?.listElement != nil, arguments: arguments, path: path)
        func key(_ info: CacheKeyInfo) -> CacheValue? {
            guard let type = info.uniqueKeyGroup ?? request.returnType else { return nil }
            return .reference(CacheKey(type + ":" + info.id))
        }
        switch provider(request) {
        case nil: return nil
        case .one(let info)?: return key(info)
        case .list(let infos)?:
            var keys: [CacheValue] = []
            for info in infos {
                guard let reference = key(info) else { return nil }
                keys.append(reference)
            }
            return .list(keys)
        }
    }

    /// `ReturnType:id`; for an interface or union, the first concrete type whose record exists
    /// (records are keyed by their concrete typename).
    private mutating func key(for id: String, returnType: String) throws -> CacheKey {
        let declared = CacheKey(returnType + ":" + id)
        guard let schema, !schema.isObjectType(returnType) else { return declared }
        let candidates = schema.types.values
            .filter { $0.kind == .object && schema.matches(typename: $0.name, condition: returnType) }
            .map(\.name).sorted()
        for typename in candidates {
            let key = CacheKey(typename + ":" + id)
            if try record(key) != nil { return key }
        }
        return declared
    }

    /// The value at a dot path into arguments (`input.id`).
    private static func value(at path: [String], in arguments: JSONObject) -> JSONValue? {
        var current: JSONValue = .object(arguments)
        for component in path {
            guard let next = current[component] else { return nil }
            current = next
        }
        return current
    }
}
