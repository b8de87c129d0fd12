/// Records + a document's selections + variables -> data, walking the whole document: every
/// miss is recorded (with its path, record, field key, reason and near misses) and the read
/// goes on, so the result has the partial data and every miss; every field looked up is a
/// dependent key.
struct Reader {
    let configuration: CacheConfiguration
    let variables: JSONObject
    let source: any RecordSource
    let options: ReadOptions
    var misses: [CacheMiss] = []
    var dependencies = FieldDependencyBuilder()
    var guesses: [TypeGuess] = []
    var pending: [PendingFragment] = []
    /// List elements left out under `ReadOptions.listElementLimit`, counted.
    var elided = ElidedCounts()
    /// Paths of absent nullable fields read as null (`allowMissingNullableFields`).
    var filledAbsent: [[PathComponent]] = []
    /// Objects' stored typenames that the document does not select (`includeTypename`).
    var addedTypenames: [([PathComponent], String)] = []
    var path: [PathComponent] = []
    private var loaded: [CacheKey: Record?] = [:]
    /// Set when the read keeps its objects as a tree of nodes for an incremental watch
    /// (`Reader+Tree`); nil for a plain read.
    var tree: ReadTreeBuilder?
    /// The node being read, when `tree` is set: its children and lookups so far.
    var frame = NodeFrame()
    /// Whether an outermost long list is being read slice by slice (`prefetchSlice`).
    private var readingLongList = false
    /// Values put in the result so far, against `CacheLimits.maximumResultValues` (records that
    /// list themselves make a result grow with the power of the document's depth).
    var valueCount = 0

    init(configuration: CacheConfiguration, variables: JSONObject, source: any RecordSource, options: ReadOptions) {
        self.configuration = configuration
        self.variables = variables
        self.source = source
        self.options = options
    }

    var schema: CacheSchema? { configuration.schema }

    /// Reads the selections starting at record `rootKey`.
    mutating func read(_ selections: SelectionSetPlan, at rootKey: CacheKey, rootType: String?) throws -> ReadResult {
        guard let root = try record(rootKey) else {
            return try readAbsentRoot(rootKey, selections: selections, rootType: rootType)
        }
        var data = JSONObject()
        try readObject(root, selections: selections, staticType: rootType, into: &data)
        return finished(data)
    }

    /// The root record is absent. Fields with a field policy never need their parent (Apollo's
    /// `FieldPolicy` tests read `Animal:Lion+Savanna` with no `QUERY_ROOT`), so they are still
    /// read; every other field is one `missingRecord` miss for the root.
    mutating func readAbsentRoot(_ rootKey: CacheKey, selections: SelectionSetPlan,
                                         rootType: String?) throws -> ReadResult {
        let rootMiss = CacheMiss(path: [], recordKey: rootKey, fieldKey: nil, reason: .missingRecord)
        let hasPolicy = selections.items.contains { item in
            if case .field(let field) = item { return field.fieldPolicy != nil || configuration.fieldPolicyProvider != nil }
            return false
        }
        guard hasPolicy else {
            for case .field(let field) in selections.items {
                dependencies.insert(field.fieldKey(variables), of: rootKey)
            }
            misses.append(rootMiss)
            return ReadResult(data: nil, misses: misses, dependencies: dependencies.finish())
        }
        var data = JSONObject()
        try readObject(Record(key: rootKey, [:]), selections: selections, staticType: rootType, into: &data)
        let rootFieldMisses = misses.filter { $0.recordKey == rootKey && $0.reason == .missingField && $0.path.count == 1 }
        if !rootFieldMisses.isEmpty {
            misses.removeAll { $0.recordKey == rootKey && $0.reason == .missingField && $0.path.count == 1 }
            misses.insert(rootMiss, at: 0)
        }
        return finished(data)
    }

    func finished(_ data: JSONObject?) -> ReadResult {
        var result = ReadResult(data: data, misses: misses, dependencies: dependencies.finish(), guesses: guesses)
        result.pending = pending
        result.elided = elided
        result.filledAbsent = filledAbsent
        result.addedTypenames = addedTypenames
        return result
    }

    private func selects(_ name: String, _ selections: SelectionSetPlan) -> Bool {
        selections.items.contains { item in
            if case .field(let field) = item { return field.responseName == name }
            return false
        }
    }

    /// Loads a record once per read.
    mutating func record(_ key: CacheKey) throws -> Record? {
        if let known = loaded[key] { return known }
        let found = try source.loadRecords(forKeys: [key])[key]
        loaded[key] = .some(found)
        return found
    }

    /// Loads the records `items` point at in one batch (one SQL query instead of one per
    /// element), remembering absent ones too.
    private mutating func prefetch(_ items: ArraySlice<CacheValue>) throws {
        var keys = Set<CacheKey>()
        for item in items {
            for key in item.referencedKeys where loaded[key] == nil && tree?.isReusable(key) != true { keys.insert(key) }
        }
        guard keys.count > 1 else { return }
        let found = try source.loadRecords(forKeys: keys)
        for key in keys { loaded[key] = .some(found[key]) }
    }

    /// Elements of a long list of objects prefetched at a time: a list of 100,000 items is read
    /// a slice at a time, so the records held at once stay bounded instead of the whole list's
    /// (145 MB of decoded records on 100,000 items).
    static let prefetchSlice = 1_024
    /// Records kept loaded before the next slice of a long list forgets them; also the longest
    /// list prefetched whole, as every list was before (a record referenced from far away in a
    /// longer list may be loaded alone, or again once forgotten: one small query each).
    static let loadedLimit = 8_192

    /// Before each slice of a list of objects: in the outermost long list, forgets the records
    /// loaded so far once they are many (never while an enclosing slice still needs its
    /// records); then loads the slice's.
    private mutating func prefetchSlice(_ items: ArraySlice<CacheValue>, outermost: Bool) throws {
        if outermost, loaded.count > Self.loadedLimit { loaded.removeAll(keepingCapacity: true) }
        try prefetch(items)
    }

    mutating func readObject(_ record: Record, selections: SelectionSetPlan, staticType: String?,
                                     into out: inout JSONObject) throws {
        var typename = record.typename
        if typename == nil, let staticType, schema?.isObjectType(staticType) ?? true { typename = staticType }
        if options.includeTypename, !selects("__typename", selections), let stored = record.typename {
            addedTypenames.append((path, stored))
        }
        for (index, item) in selections.items.enumerated() {
            switch item {
            case .field(let field):
                guard field.inclusion.allSatisfy({ $0.holds(variables) }) else { continue }
                try readField(field, of: record, typename: typename, into: &out)
            case .typeCase(let condition, let inclusion, let deferral, let inner):
                guard inclusion.allSatisfy({ $0.holds(variables) }),
                      typeCaseApplies(condition, inner, to: record, typename: typename,
                                      exclusive: selections.isExclusive(index)) else { continue }
                if let deferral, deferral.isActive(variables) {
                    try readDeferred(record, selections: inner, staticType: staticType, label: deferral.label, into: &out)
                } else {
                    try readObject(record, selections: inner, staticType: staticType, into: &out)
                }
            }
        }
    }

    /// A deferred fragment: its fields join the data when all of them are in the cache;
    /// otherwise none do, and the fragment is pending instead of missing (what the read found
    /// inside it, nested pending fragments and misses alike, is dropped). Its dependent keys
    /// stay, so a watcher hears when the data arrives.
    private mutating func readDeferred(_ record: Record, selections: SelectionSetPlan, staticType: String?,
                                       label: String?, into out: inout JSONObject) throws {
        let marks = (misses.count, pending.count, guesses.count, filledAbsent.count, addedTypenames.count)
        var fragment = JSONObject()
        try readObject(record, selections: selections, staticType: staticType, into: &fragment)
        guard misses.count == marks.0 else {
            misses.removeSubrange(marks.0...)
            pending.removeSubrange(marks.1...)
            guesses.removeSubrange(marks.2...)
            filledAbsent.removeSubrange(marks.3...)
            addedTypenames.removeSubrange(marks.4...)
            pending.append(PendingFragment(path: path, label: label))
            return
        }
        for (name, value) in fragment { out[name] = JSONValue.merged(out[name], value) }
    }

    /// Whether a type case applies to `record`; a match the schema cannot confirm (Apollo
    /// Client's heuristic: the record holds the fragment's fields) is noted as a guess.
    private mutating func typeCaseApplies(_ condition: String?, _ inner: SelectionSetPlan, to record: Record,
                                          typename: String?, exclusive: Bool) -> Bool {
        if condition != nil {
            // The record's type decides the case: a watcher must hear when it changes.
            lookedUp("__typename", on: record.key)
        }
        if TypeMatching.matches(typename: typename, condition: condition, schema: schema) { return true }
        guard let condition, !TypeMatching.canPlace(typename: typename, condition: condition, schema: schema),
              !exclusive || typename == nil else {
            return false
        }
        let variables = variables
        var checked: [String] = []
        let holds = TypeMatching.holdsFields(of: inner, variables: variables) { field in
            let key = field.fieldKey(variables)
            checked.append(key)
            return record.fields[key] != nil
        }
        // The guess turns on these fields being there: a watcher must hear when one comes or goes.
        for key in checked {
            lookedUp(key, on: record.key)
        }
        if holds { guesses.append(TypeGuess(path: path, recordKey: record.key, typename: typename, typeCondition: condition)) }
        return holds
    }

    private mutating func readField(_ field: FieldPlan, of record: Record, typename: String?, into out: inout JSONObject) throws {
        let fieldKey = field.fieldKey(variables)
        lookedUp(fieldKey, on: record.key)
        path.append(.field(field.responseName))
        defer { path.removeLast() }
        var value = record.fields[fieldKey]
        var viaFieldPolicy = false
        if value == nil, let policy = field.fieldPolicy {
            value = try resolve(field, policy: policy)
            viaFieldPolicy = value != nil
        } else if value == nil, let provider = configuration.fieldPolicyProvider {
            value = resolve(field, provider: provider, parentTypename: typename)
            viaFieldPolicy = value != nil
        }
        if value == nil, field.name == "__typename", let typename {
            value = .string(typename)   // a root record, or a record written without it
        }
        let context = FieldContext(field: field, recordKey: record.key, fieldKey: fieldKey, typename: typename,
                                   viaFieldPolicy: viaFieldPolicy)
        guard let value else {
            if options.allowMissingNullableFields && !field.isNonNull {
                out[field.responseName] = JSONValue.merged(out[field.responseName], .null)
                filledAbsent.append(path)
            } else {
                miss(.missingField, context, nearMisses: Self.nearMisses(in: record, name: field.name, except: fieldKey))
                if options.missesAsNull && out[field.responseName] == nil { out[field.responseName] = .null }
            }
            return
        }
        if let json = try complete(value, type: field.type, context) {
            out[field.responseName] = JSONValue.merged(out[field.responseName], json)
        } else if options.missesAsNull && out[field.responseName] == nil {
            out[field.responseName] = .null
        }
    }

    /// Where a value being completed came from, for misses.
    struct FieldContext {
        let field: FieldPlan
        let recordKey: CacheKey
        let fieldKey: String
        let typename: String?
        let viaFieldPolicy: Bool

        /// What a miss here carries for diagnoses.
        func missContext(_ variables: JSONObject, found: CacheValue? = nil) -> MissContext {
            var arguments = JSONObject()
            for argument in field.arguments {
                if let value = argument.value.evaluate(variables) { arguments[argument.name] = value }
            }
            return MissContext(typename: typename, fieldName: field.name, arguments: arguments,
                               fieldType: field.type?.namedType, declaredType: field.type.map(VariableCoercion.describe),
                               viaFieldPolicy: viaFieldPolicy, foundValue: found.map { RecordJSON.jsonValue($0).jsonText })
        }
    }

    /// A stored value as response data for the selection; nil (with a miss recorded) when it
    /// does not fit.
    private mutating func complete(_ value: CacheValue, type: SchemaTypeRef?, _ context: FieldContext) throws -> JSONValue? {
        try countValue()
        if case .null = value {
            if type?.isNonNull ?? false {
                miss(.nullValue, context)
                return nil
            }
            return .null
        }
        let elementType = type?.listElement
        if elementType != nil || (type == nil && isList(value)) {
            return try completeList(value, elementType: elementType, context)
        }
        guard let selections = context.field.selectionSet else {
            if value.referencedKeys.isEmpty, fitsSchema(value, type: type) { return RecordJSON.jsonValue(value) }
            miss(.wrongType, context, found: value)
            return nil
        }
        guard case .reference(let key) = value else {
            miss(.wrongType, context, found: value)
            return nil
        }
        if let tree, tree.splitting { return try completeNode(key, selections: selections, context, tree: tree) }
        guard let target = try record(key) else {
            miss(.danglingReference, context, reference: key)
            return nil
        }
        var object = JSONObject(minimumCapacity: selections.items.count)
        try readObject(target, selections: selections, staticType: context.field.type?.namedType, into: &object)
        return .object(object)
    }

    /// A list, element by element (an element that misses reads as null in the partial data).
    private mutating func completeList(_ value: CacheValue, elementType: SchemaTypeRef?, _ context: FieldContext) throws -> JSONValue? {
        guard case .list(let items) = value else {
            miss(.wrongType, context, found: value)
            return nil
        }
        let objects = context.field.selectionSet != nil
        let long = items.count > Self.loadedLimit
        let slice = long ? Self.prefetchSlice : max(1, items.count)
        let outermost = objects && long && !readingLongList
        if outermost { readingLongList = true }
        defer { if outermost { readingLongList = false } }
        // Only lists of objects are cut: their elements are what costs (scalars stay whole).
        let keep = objects ? options.listElementLimit ?? Int.max : Int.max
        var values: [JSONValue] = []
        var elidedRoot: Int?
        values.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if objects, index % slice == 0 {
                try prefetchSlice(items[index..<min(items.count, index + slice)], outermost: outermost)
            }
            // A long read run as a task (the explorer's watches and console) stops when its
            // task is cancelled; checked every 256 elements so the check costs nothing.
            if index & 255 == 255, Task.isCancelled { throw CancellationError() }
            path.append(.index(index))
            let value = try completeElement(item, type: elementType, leftOut: index >= keep, context) ?? .null
            if index < keep {
                values.append(value)
            } else {
                let root = elidedRoot ?? elided.root(for: path)
                elidedRoot = root
                values.append(.null)
                elided.count(value, root: root)
            }
            path.removeLast()
        }
        return .array(values)
    }

    /// A list element. One left out under the limit is read inline in a tree read: its lookups
    /// and findings become the list holder's, and no node of it is kept (a watch over 100,000
    /// items would otherwise keep 100,000 nodes and their data to show 200).
    private mutating func completeElement(_ item: CacheValue, type: SchemaTypeRef?, leftOut: Bool,
                                          _ context: FieldContext) throws -> JSONValue? {
        guard leftOut, let tree else { return try complete(item, type: type, context) }
        tree.inlineDepth += 1
        defer { tree.inlineDepth -= 1 }
        return try complete(item, type: type, context)
    }

    /// A leaf value against its schema type (`ScalarFit`); always true without a schema.
    private func fitsSchema(_ value: CacheValue, type: SchemaTypeRef?) -> Bool {
        guard let schema, let type else { return true }
        if case .list = value { return false }   // a list where the schema has no list
        return ScalarFit.fits(value, typeName: type.namedType, schema: schema)
    }

    /// Counts one result value; throws `limitExceeded` past the limit, at the current path.
    mutating func countValue() throws(GraphQLCacheError) {
        valueCount += 1
        try checkValueCount()
    }

    /// Throws `limitExceeded` when the values counted are past the limit, at the current path.
    func checkValueCount() throws(GraphQLCacheError) {
        let limit = configuration.limits.maximumResultValues
        guard valueCount > limit else { return }
        let at = path.map(\.description).joined(separator: ".")
        throw .limitExceeded("the read would put more than \(limit) values in its result (at \(at)); "
            + CacheLimits.Name.maximumResultValues.raiseHint)
    }

    private func isList(_ value: CacheValue) -> Bool {
        if case .list = value { return true }
        return false
    }

    mutating func miss(_ reason: MissReason, _ context: FieldContext, reference: CacheKey? = nil,
                       nearMisses: [String] = [], found: CacheValue? = nil) {
        misses.append(CacheMiss(path: path, recordKey: context.recordKey, fieldKey: context.fieldKey, reason: reason,
                                reference: reference, nearMisses: nearMisses,
                                context: context.missContext(variables, found: found)))
    }

    /// Field keys of the record with the same field name and other arguments.
    static func nearMisses(in record: Record, name: String, except fieldKey: String) -> [String] {
        record.fields.keys.filter { key in
            key != fieldKey && (key == name || (key.hasPrefix(name) && key.dropFirst(name.count).first == "("))
        }.sorted()
    }
}
