/// The JSON of a record delta, shared by `cachelens diff --json` and journal lines:
/// `{"key":"Human:1000","change":"changed","typename":"Human","fields":{"name":{"before":"Luke",
/// "after":"Luke S."}}}`. Values are record JSON (a reference is `{"$reference":"KEY"}`); a side
/// where the field did not exist has no `before` (or `after`) member, unlike a stored `null`.
/// A record whose before was not seen has `"beforeUnknown":true` (only then: lines written
/// before the member existed read as records whose before is known).
extension RecordDelta {
    /// The delta as JSON, fields in key order.
    public var jsonValue: JSONValue {
        var fieldsJSON = JSONObject(minimumCapacity: fields.count)
        for delta in fields {
            var sides = JSONObject()
            if let before = delta.before { sides["before"] = RecordJSON.jsonValue(before) }
            if let after = delta.after { sides["after"] = RecordJSON.jsonValue(after) }
            fieldsJSON[delta.field] = .object(sides)
        }
        var object: JSONObject = ["key": .string(key.rawValue), "change": .string(kind.rawValue)]
        object["typename"] = typename.map(JSONValue.string) ?? .null
        object["fields"] = .object(fieldsJSON)
        if beforeUnknown { object["beforeUnknown"] = .bool(true) }
        return .object(object)
    }

    /// Reads a delta back from `jsonValue`'s form; `context` names it in errors.
    public init(json: JSONValue, context: String) throws(GraphQLCacheError) {
        guard case .string(let key)? = json["key"], case .string(let change)? = json["change"],
              let kind = Kind(rawValue: change), case .object(let fieldsJSON)? = json["fields"] else {
            throw .invalidJSON(JSONSyntaxError(unplaced: "\(context): a record needs \"key\", \"change\" (added, removed or changed) and \"fields\""))
        }
        var deltas: [FieldDelta] = []
        for (field, sides) in fieldsJSON {
            let before = try sides["before"].map { value throws(GraphQLCacheError) in
                try RecordJSON.cacheValue(from: value, context: "\(context) \(key).\(field)")
            }
            let after = try sides["after"].map { value throws(GraphQLCacheError) in
                try RecordJSON.cacheValue(from: value, context: "\(context) \(key).\(field)")
            }
            deltas.append(FieldDelta(field: field, before: before, after: after))
        }
        self.init(key: CacheKey(key), kind: kind, typename: json["typename"]?.stringValue,
                  fields: deltas, beforeUnknown: json["beforeUnknown"] == .bool(true))
    }
}
