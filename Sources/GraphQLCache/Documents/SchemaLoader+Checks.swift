/// Load-time checks of the policies, so mistakes surface when the schema loads rather than as
/// strange keys later.
extension SchemaLoader {
    /// Key fields must exist on the type; an object type without its own policy must not inherit
    /// different key fields from two interfaces; field policies must name a field and arguments.
    func checkPolicies(types: [String: SchemaType], typePolicies: [String: [String]],
                       fieldPolicies: [String: [String: FieldPolicy]]) throws(GraphQLCacheError) {
        for (typeName, keyFields) in typePolicies.sorted(by: { $0.key < $1.key }) {
            guard let type = types[typeName] else {
                throw .invalidSchema("@typePolicy on unknown type \(typeName)")
            }
            for keyField in keyFields where type.fields[keyField] == nil {
                throw .invalidSchema("@typePolicy on \(typeName): key field \"\(keyField)\" does not exist on \(typeName)")
            }
        }
        for (typeName, type) in types.sorted(by: { $0.key < $1.key }) where type.kind == .object && typePolicies[typeName] == nil {
            let inherited = type.interfaces.compactMap { name in typePolicies[name].map { (name, $0) } }
            if let first = inherited.first, let other = inherited.first(where: { $0.1 != first.1 }) {
                throw .invalidSchema("""
                    conflicting @typePolicy for \(typeName): interface \(first.0) has keyFields "\(first.1.joined(separator: " "))" \
                    but interface \(other.0) has "\(other.1.joined(separator: " "))"; give \(typeName) its own @typePolicy
                    """)
            }
        }
        for (typeName, policies) in fieldPolicies.sorted(by: { $0.key < $1.key }) {
            for (fieldName, policy) in policies.sorted(by: { $0.key < $1.key }) {
                guard let field = types[typeName]?.fields[fieldName] else {
                    throw .invalidSchema("@fieldPolicy on \(typeName): field \"\(fieldName)\" does not exist")
                }
                for path in policy.keyArgs where field.arguments[path[0]] == nil {
                    throw .invalidSchema("@fieldPolicy on \(typeName).\(fieldName): argument \"\(path[0])\" does not exist")
                }
            }
        }
    }
}
