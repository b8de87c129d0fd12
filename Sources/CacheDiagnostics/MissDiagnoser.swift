import GraphQLCache

/// Turns miss groups into diagnoses: what each group means and what to change. It looks at the
/// records around a miss (a few point loads) and, when a question needs the whole cache (was this
/// field ever fetched for this type?), at one `RecordCensus` made on first need.
public struct MissDiagnoser {
    /// The schema and key rules the read used.
    public let configuration: CacheConfiguration
    let source: any RecordSource
    let census: LazyCensus

    /// A diagnoser over `source`; `census` makes the census of the same records when first asked.
    public init(configuration: CacheConfiguration, source: any RecordSource,
                census: @escaping () throws -> RecordCensus) {
        self.configuration = configuration
        self.source = source
        self.census = LazyCensus(make: census)
    }

    /// A diagnoser over a cache's committed records.
    public init(configuration: CacheConfiguration, cache: any BrowsableNormalizedCache) {
        self.init(configuration: configuration, source: CacheRecordSource(cache), census: { try RecordCensus.of(cache) })
    }

    var schema: CacheSchema? { configuration.schema }

    /// The diagnoses of every group, most frequent group first, each said once.
    public func diagnose(_ groups: [MissGroup]) throws -> [Diagnosis] {
        var found: [Diagnosis] = []
        for group in groups {
            for diagnosis in try diagnoses(of: group.example) where !found.contains(diagnosis) {
                found.append(diagnosis)
            }
        }
        return found
    }

    /// What one miss (a group's example) means.
    func diagnoses(of miss: CacheMiss) throws -> [Diagnosis] {
        switch miss.reason {
        case .missingRecord:
            return [Diagnosis(kind: .neverFetched, message: "\(miss.recordKey) is not in the cache: no operation has written it yet.",
                              suggestion: "fetch the operation from the server once", keys: [miss.recordKey])]
        case .missingField:
            return try missingField(miss)
        case .danglingReference:
            return [try danglingReference(miss)]
        case .wrongType:
            return [wrongType(miss)]
        case .nullValue:
            let declared = miss.context.declaredType ?? "non-null"
            return [Diagnosis(kind: .nullValue,
                              message: "\(miss.recordKey).\(miss.fieldKey ?? "") is null, but the schema declares \(declared): Apollo iOS treats the read as a miss (the server probably returned null with an error).",
                              suggestion: "refetch; if the server keeps returning null, the schema or the server is wrong",
                              keys: [miss.recordKey])]
        }
    }

    /// A missing field: the record its arguments name exists (`noFieldPolicy`); else no record
    /// of the type has the field at all (`neverFetched`, which says it all); else it was fetched
    /// with other arguments, or the object is stored under a path and elsewhere under its id.
    private func missingField(_ miss: CacheMiss) throws -> [Diagnosis] {
        if let policy = try noFieldPolicy(miss) {
            return [policy] + (miss.nearMisses.isEmpty ? [] : [argumentsDiffer(miss)])
        }
        if let never = try neverFetched(miss) { return [never] }
        let found = (miss.nearMisses.isEmpty ? [] : [argumentsDiffer(miss)]) + (try identity(miss))
        if found.isEmpty, let elsewhere = try fetchedElsewhere(miss) { return [elsewhere] }
        return found
    }

    /// Other records of the type hold the field; this one was written by an operation that did
    /// not select it.
    private func fetchedElsewhere(_ miss: CacheMiss) throws -> Diagnosis? {
        guard let field = miss.context.fieldName, let typename = miss.context.typename,
              try census.get().types[typename]?.fieldNames.contains(field) == true else { return nil }
        return Diagnosis(
            kind: .fetchedElsewhere,
            message: "other \(typename) records hold \(field), but \(miss.recordKey) does not: the operations that wrote it did not select \(field).",
            suggestion: "fetch this query from the server once, or select \(field) in the operation that writes \(miss.recordKey)",
            keys: [miss.recordKey])
    }

    private func argumentsDiffer(_ miss: CacheMiss) -> Diagnosis {
        let asked = miss.fieldKey ?? ""
        let differing = Set(miss.nearMisses.flatMap { FieldKeyArguments.differing(asked, $0) }).sorted()
        let which = differing.isEmpty ? "" : " (differing: \(differing.joined(separator: ", ")))"
        return Diagnosis(
            kind: .argumentsDiffer,
            message: "\(miss.recordKey) holds \(miss.nearMisses.joined(separator: ", ")) but not \(asked): the field was fetched with other arguments\(which).",
            suggestion: "read with the arguments that were fetched, or fetch \(asked) from the server once",
            keys: [miss.recordKey])
    }

    private func danglingReference(_ miss: CacheMiss) throws -> Diagnosis {
        let target = miss.reference ?? miss.recordKey
        let field = miss.fieldKey ?? ""
        guard miss.context.viaFieldPolicy else {
            return Diagnosis(
                kind: .danglingReference,
                message: "\(miss.recordKey).\(field) points at \(target), which is not in the cache (a removal does not cascade to references).",
                suggestion: "refetch the query to store \(target) again, or remove \(miss.recordKey)",
                keys: [target, miss.recordKey])
        }
        let parent = miss.context.typename ?? "Query"
        let keyArgs = schema?.fieldPolicies[parent]?[miss.context.fieldName ?? ""]?.keyArgs
            .map { $0.joined(separator: ".") }.joined(separator: " ") ?? "?"
        return Diagnosis(
            kind: .fieldPolicyKey,
            message: "\(field) is not stored on \(miss.recordKey); @fieldPolicy(forField: \"\(miss.context.fieldName ?? "")\", keyArgs: \"\(keyArgs)\") on \(parent) makes its key \(target) from the arguments, and that record is not in the cache: no operation has fetched it.",
            suggestion: "fetch any operation that returns \(target) once; then this query reads it from the cache",
            keys: [target])
    }

    private func wrongType(_ miss: CacheMiss) -> Diagnosis {
        let at = "\(miss.recordKey).\(miss.fieldKey ?? "")"
        guard let declared = miss.context.declaredType, let found = miss.context.foundValue,
              miss.context.fieldType.map({ !(schema?.isCompositeType($0) ?? false) }) ?? false else {
            return Diagnosis(kind: .wrongType,
                             message: "\(at) holds a value of another shape than the selection needs (a scalar where an object is selected, or the reverse).",
                             suggestion: "refetch the query; the record was written by an operation of another shape", keys: [miss.recordKey])
        }
        return Diagnosis(kind: .wrongType,
                         message: "\(at) holds \(found), which does not fit \(declared): Apollo iOS fails this read (\"could not convert\").",
                         suggestion: "refetch, or edit the field to a \(declared) value", keys: [miss.recordKey])
    }
}

/// The census, made once on first need (a full scan is costly and many reads never need it).
final class LazyCensus {
    private let make: () throws -> RecordCensus
    private var made: RecordCensus?

    init(make: @escaping () throws -> RecordCensus) { self.make = make }

    func get() throws -> RecordCensus {
        if let made { return made }
        let census = try make()
        made = census
        return census
    }
}
