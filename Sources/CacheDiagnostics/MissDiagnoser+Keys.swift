import GraphQLCache

/// Diagnoses about record keys: a missing `@fieldPolicy`, objects without a cache id, the same
/// object under two keys, a field no operation fetched.
extension MissDiagnoser {
    /// `human(id:1000)` misses on QUERY_ROOT while `Human:1000` exists: the field needs a
    /// `@fieldPolicy` to lead there.
    func noFieldPolicy(_ miss: CacheMiss) throws -> Diagnosis? {
        let context = miss.context
        guard let fieldName = context.fieldName, !context.arguments.isEmpty, !context.viaFieldPolicy else { return nil }
        let parent = context.typename ?? "Query"
        if schema?.fieldPolicies[parent]?[fieldName] != nil { return nil }
        var candidates: [(key: CacheKey, argument: String)] = []
        let typenames = try candidateTypenames(context.fieldType)
        for (name, value) in context.arguments {
            // A list argument (`ids: [...]`) names one record per element: its first tells.
            guard let text = FieldKeyArguments.keyText(value.arrayValue?.first ?? value) else { continue }
            for typename in typenames { candidates.append((CacheKey(typename + ":" + text), name)) }
        }
        guard !candidates.isEmpty else { return nil }
        let present = try source.loadRecords(forKeys: Set(candidates.map(\.key)))
        guard let hit = candidates.first(where: { present[$0.key] != nil }) else { return nil }
        let line = "extend type \(parent) @fieldPolicy(forField: \"\(fieldName)\", keyArgs: \"\(hit.argument)\")"
        return Diagnosis(
            kind: .noFieldPolicy,
            message: "\(miss.fieldKey ?? fieldName) is not stored on \(miss.recordKey), but \(hit.key), the record its \(hit.argument) argument names, is in the cache: without a @fieldPolicy the cache does not know that \(fieldName)(\(hit.argument):) returns it.",
            suggestion: line, keys: [hit.key])
    }

    /// The concrete typenames a field of type `fieldType` may return: from the schema, else every
    /// typename the cache holds.
    private func candidateTypenames(_ fieldType: String?) throws -> [String] {
        if let schema, let fieldType {
            if schema.isObjectType(fieldType) { return [fieldType] }
            return schema.objectTypeNames(matching: fieldType)
        }
        return try census.get().types.keys.sorted()
    }

    /// A miss on a record stored under its path: `noCacheId`, and `duplicateEntity` when the same
    /// object is also stored under its id.
    func identity(_ miss: CacheMiss) throws -> [Diagnosis] {
        guard KeyShape.isPathKey(miss.recordKey), let record = try source.loadRecords(forKeys: [miss.recordKey])[miss.recordKey],
              let typename = record.typename ?? miss.context.typename else { return [] }
        let policyFields = schema?.keyFields(for: typename)
        let keyFields = policyFields ?? ["id"]
        let values = keyFields.map { record.fields[$0] }
        let hasKeys = values.allSatisfy { $0 != nil }
        let census = try census.get().types[typename]
        let keyedElsewhere = (census.map { $0.records > $0.pathKeyed }) ?? false
        guard policyFields != nil || hasKeys || keyedElsewhere else { return [] }
        let fields = keyFields.joined(separator: " ")
        let selection = keyFields.map { "`\($0)`" }.joined(separator: " and ")
        let suggestion = policyFields == nil && hasKeys
            ? "extend type \(typename) @typePolicy(keyFields: \"\(fields)\")"
            : "select \(selection) wherever \(typename) is fetched (the query that wrote \(miss.recordKey) did not)"
        var found = [Diagnosis(
            kind: .noCacheId,
            message: "\(miss.recordKey) is a \(typename) stored under its response path, not a cache id, so queries that reach the same \(typename) another way do not share its fields.",
            suggestion: suggestion, keys: [miss.recordKey])]
        if hasKeys, let duplicate = try duplicate(of: record, typename: typename, values: values.compactMap { $0 }, miss: miss) {
            found.append(duplicate)
        }
        return found
    }

    private func duplicate(of record: Record, typename: String, values: [CacheValue], miss: CacheMiss) throws -> Diagnosis? {
        let texts = values.compactMap { FieldKeyArguments.keyText(RecordJSON.jsonValue($0)) }
        guard texts.count == values.count else { return nil }
        let idKey = CacheKey(typename + ":" + texts.joined(separator: "+"))
        guard let other = try source.loadRecords(forKeys: [idKey])[idKey] else { return nil }
        let differing = EntityComparison.differingFields(record, other)
        let holds = miss.fieldKey.map { other.fields[$0] != nil } ?? false
        var message = "the same \(typename) is stored as \(record.key) and as \(idKey)"
        message += differing.isEmpty ? "." : ", with different values for: \(differing.joined(separator: ", "))."
        if holds, let field = miss.fieldKey { message += " \(idKey) holds \(field)." }
        return Diagnosis(kind: .duplicateEntity, message: message,
                         suggestion: "give \(typename) a cache id (above), then refetch; \(record.key) can be removed",
                         keys: [record.key, idKey])
    }

    /// No record of the type holds the field at all.
    func neverFetched(_ miss: CacheMiss) throws -> Diagnosis? {
        guard let typename = miss.context.typename, let fieldName = miss.context.fieldName,
              let entry = try census.get().types[typename], !entry.fieldNames.contains(fieldName) else { return nil }
        let holder = entry.records == 1 ? "\(miss.recordKey) (the only \(typename) record) does not hold \(fieldName) with any arguments"
            : "none of the \(MissGroup.number(entry.records)) \(typename) records holds \(fieldName)"
        return Diagnosis(
            kind: .neverFetched,
            message: holder + ": no operation has fetched it.",
            suggestion: "fetch an operation that selects \(typename).\(fieldName) from the server once")
    }
}
