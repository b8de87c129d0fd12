/// Response data + a document's selections + variables -> records, with Apollo iOS's keys:
/// objects with a cache id are stored under it, others under their response path; lists keep
/// their indices in the path; `__typename` is kept whenever the data has it.
struct Normalizer {
    let configuration: CacheConfiguration
    let variables: JSONObject
    /// Skip selected fields the data lacks instead of failing (local mutations).
    var allowingAbsentFields = false
    /// The records made so far, by key: handed over whole as the `RecordSet` (each key once).
    private var records: [CacheKey: Record] = [:]
    private var path: [PathComponent] = []

    init(configuration: CacheConfiguration, variables: JSONObject) {
        self.configuration = configuration
        self.variables = variables
    }

    /// Normalizes `data` (the operation's root object) into records; the root is stored at
    /// `rootKey` whatever ids it has.
    static func normalize(_ data: JSONObject, selections: SelectionSetPlan, rootKey: CacheKey, rootType: String?,
                          configuration: CacheConfiguration, variables: JSONObject,
                          allowingAbsentFields: Bool = false) throws(GraphQLCacheError) -> RecordSet {
        var normalizer = Normalizer(configuration: configuration, variables: variables)
        normalizer.allowingAbsentFields = allowingAbsentFields
        try normalizer.store(data, selections: selections, at: rootKey, staticType: rootType)
        return RecordSet(distinctRecords: normalizer.records)
    }

    private var schema: CacheSchema? { configuration.schema }

    /// Stores the selected fields of `object` in record `key` (merged with what an alias of the
    /// same object already stored there).
    private mutating func store(_ object: JSONObject, selections: SelectionSetPlan, at key: CacheKey,
                                staticType: String?) throws(GraphQLCacheError) {
        // Sized for the selections (and `__typename`) up front: grown field by field, a record's
        // dictionary was reallocated two or three times.
        var record = [String: CacheValue](minimumCapacity: selections.items.count + 1)
        let typename = object["__typename"]?.stringValue
        if let typename { record["__typename"] = .string(typename) }
        try storeItems(object, selections: selections, at: key, typename: typename ?? staticType, into: &record)
        if let index = records.index(forKey: key) {
            records.values[index].fields.merge(record) { _, new in new }
        } else {
            records[key] = Record(key: key, record)
        }
    }

    private mutating func storeItems(_ object: JSONObject, selections: SelectionSetPlan, at key: CacheKey,
                                     typename: String?, into record: inout [String: CacheValue]) throws(GraphQLCacheError) {
        for item in selections.items {
            switch item {
            case .field(let field):
                guard field.inclusion.allSatisfy({ $0.holds(variables) }) else { continue }
                path.append(.field(field.responseName))
                guard let value = object[field.responseName] else {
                    if allowingAbsentFields { path.removeLast(); continue }
                    throw .invalidData(path: path, message: "the data has no field \"\(field.responseName)\"")
                }
                let fieldKey = field.fieldKey(variables)
                let stored = field.selectionSet == nil
                    ? Self.scalar(value)
                    : try convert(value, field: field, pathKey: key.appending(fieldKey))
                // Field keys equal as text but not as bytes (arguments spelled NFC and NFD) would
                // share one dictionary entry: refused, never merged.
                if record.updateValue(stored, forKey: fieldKey) != nil,
                   let clash = ExactUTF8.fieldNameClash(in: record, with: fieldKey) {
                    throw .invalidData(path: path, message: "record \(key.rawValue): \(clash)")
                }
                path.removeLast()
            case .typeCase(let condition, let inclusion, let deferral, let inner):
                guard inclusion.allSatisfy({ $0.holds(variables) }),
                      TypeMatching.applies(typename: typename, condition: condition, schema: schema,
                                           inner, variables: variables, has: { object[$0.responseName] != nil })
                else { continue }
                // A deferred fragment whose data has not come (yet) is left alone: no error, no
                // nulls written for its fields (Apollo's DeferOperationCacheWriteTests).
                if let deferral, deferral.isActive(variables), !delivered(inner, in: object) { continue }
                try storeItems(object, selections: inner, at: key, typename: typename, into: &record)
            }
        }
    }

    /// Whether `object` holds every field that a deferred fragment selects directly: only then
    /// did its data arrive (a fragment's deferred payload comes whole).
    private func delivered(_ selections: SelectionSetPlan, in object: JSONObject) -> Bool {
        let variables = variables
        return selections.items.allSatisfy { item in
            guard case .field(let field) = item, field.inclusion.allSatisfy({ $0.holds(variables) }) else { return true }
            return object[field.responseName] != nil
        }
    }

    /// A response value as stored: objects become references to their records, lists keep
    /// their shape with each index appended to the path key.
    private mutating func convert(_ value: JSONValue, field: FieldPlan, pathKey: CacheKey) throws(GraphQLCacheError) -> CacheValue {
        guard let selections = field.selectionSet else { return Self.scalar(value) }
        switch value {
        case .null: return .null
        case .object(let object):
            let staticType = field.type?.namedType
            let key = cacheKey(for: object, staticType: staticType) ?? pathKey
            try store(object, selections: selections, at: key, staticType: staticType)
            return .reference(key)
        case .array(let items):
            var values: [CacheValue] = []
            values.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                path.append(.index(index))
                values.append(try convert(item, field: field, pathKey: pathKey.appending(String(index))))
                path.removeLast()
            }
            return .list(values)
        default:
            throw .invalidData(path: path, message: "expected an object for a field with a selection set, found \(value.kindName)")
        }
    }

    /// The object's cache id: the programmatic resolver, else `@typePolicy` key fields; nil
    /// means "store by path".
    private func cacheKey(for object: JSONObject, staticType: String?) -> CacheKey? {
        var typename = object["__typename"]?.stringValue
        if typename == nil, let staticType, schema?.isObjectType(staticType) ?? false { typename = staticType }
        guard let typename else { return nil }
        if let key = configuration.resolvedKey(typename: typename, object: object) { return key }
        guard let keyFields = keyFields(typename: typename, staticType: staticType) else { return nil }
        var parts: [String] = []
        for field in keyFields {
            guard let value = object[field], let text = KeyFieldValue.text(value) else { return nil }
            parts.append(KeyFieldValue.escape(text))
        }
        return CacheKey(typename + ":" + parts.joined(separator: "+"))
    }

    /// The `@typePolicy` key fields for an object of `typename`; a typename the schema does not
    /// know (a type added to the server after the schema was taken) takes those of the field's
    /// declared interface, as Apollo's `SchemaMetadata` falls back to the field's type.
    private func keyFields(typename: String, staticType: String?) -> [String]? {
        guard let schema else { return nil }
        if let own = schema.keyFields(for: typename) { return own }
        guard schema.types[typename] == nil, let staticType else { return nil }
        return schema.keyFields(for: staticType)
    }

    /// A leaf value (scalar, enum, custom scalar) as stored.
    static func scalar(_ value: JSONValue) -> CacheValue {
        switch value {
        case .null: return .null
        case .bool(let v): return .bool(v)
        case .int(let v): return .int(v)
        case .double(let v): return .double(v)
        case .string(let v): return .string(v)
        case .array(let items): return .list(items.map(scalar))
        case .object(let object):
            var dictionary: [String: CacheValue] = [:]
            for (key, member) in object { dictionary[key] = scalar(member) }
            return .object(dictionary)
        }
    }
}
