/// Apollo Client's normalized cache as `InMemoryCache.extract()` returns it (and as
/// `apollo3-cache-persist` stores it, possibly as a JSON string holding that JSON), read into
/// the library's records.
///
/// The rules come from apollo-client `src/cache/inmemory`: entities are keyed by `dataIdFromObject`
/// (`Typename:id`), roots are `ROOT_QUERY`, `ROOT_MUTATION` and `ROOT_SUBSCRIPTION`, a
/// reference is `{"__ref": ID}`, field keys are `name(canonical JSON of arguments)`, and an
/// object without an id is stored inside its parent's field. Here roots take Apollo iOS's names,
/// field keys its spelling (`ForeignFieldKey`), and an embedded object (one with `__typename`)
/// becomes a record of its own under its path (`QUERY_ROOT.hero`, `….friends.0`) referenced from
/// its parent, which is how Apollo iOS stores it; objects without `__typename` stay JSON scalars.
public enum ApolloClientExtract {
    /// Apollo Client's root ids and the library's.
    private static let roots = ["ROOT_QUERY": CacheKey.queryRoot, "ROOT_MUTATION": .mutationRoot,
                                "ROOT_SUBSCRIPTION": .subscriptionRoot]

    /// Whether `value` looks like an extract: an object with `ROOT_QUERY`, or a string holding one.
    public static func isExtract(_ value: JSONValue) -> Bool {
        unwrapped(value).map { $0["ROOT_QUERY"] != nil || $0["ROOT_MUTATION"] != nil } ?? false
    }

    /// The records of an extract (`isExtract` must hold); `__META` (extra root ids) is skipped.
    public static func records(from value: JSONValue) throws(GraphQLCacheError) -> RecordSet {
        guard let object = unwrapped(value) else { throw .storage("not an Apollo Client cache extract") }
        var records = RecordSet()
        for member in object where member.key != "__META" {
            guard case .object(let entity) = member.value else {
                throw .storage("Apollo Client entity \(member.key): not a JSON object")
            }
            store(entity, at: key(member.key), into: &records)
        }
        return records
    }

    /// The object itself, or the object a persisted string holds.
    private static func unwrapped(_ value: JSONValue) -> JSONObject? {
        switch value {
        case .object(let object): return object
        case .string(let text):
            guard case .object(let object)? = try? JSONParser.parse(Array(text.utf8), builder: JSONValueBuilder()) else { return nil }
            return object
        default: return nil
        }
    }

    private static func key(_ id: String) -> CacheKey { roots[id] ?? CacheKey(id) }

    /// Stores the fields of `object` in the record at `key`, embedded objects as records below it.
    private static func store(_ object: JSONObject, at key: CacheKey, into records: inout RecordSet) {
        var fields: [String: CacheValue] = [:]
        for member in object {
            let fieldKey = ForeignFieldKey.iOSKey(member.key)
            fields[fieldKey] = value(member.value, path: key.appending(fieldKey), into: &records)
        }
        _ = records.merge(record: Record(key: key, fields))
    }

    private static func value(_ json: JSONValue, path: CacheKey, into records: inout RecordSet) -> CacheValue {
        switch json {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .array(let items):
            return .list(items.enumerated().map { value($1, path: path.appending(String($0)), into: &records) })
        case .object(let object):
            if object.count == 1, case .string(let id)? = object["__ref"] { return .reference(key(id)) }
            if object["__typename"] != nil {
                store(object, at: path, into: &records)
                return .reference(path)
            }
            var members: [String: CacheValue] = [:]
            for member in object { members[member.key] = value(member.value, path: path.appending(member.key), into: &records) }
            return .object(members)
        }
    }
}
