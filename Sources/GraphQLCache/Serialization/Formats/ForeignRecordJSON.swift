/// Record JSON of the formats that are not Apollo iOS's, turned into the library's values.
///
/// Apollo Kotlin's classic SQLite cache stores each record as a JSON object whose references are
/// strings `ApolloCacheReference{KEY}` (`CacheKey.serialize`, read back by
/// `JsonRecordSerializer.deserializeCacheKeys`, which looks inside lists and objects too).
package enum ForeignRecordJSON {
    /// The prefix and suffix of Apollo Kotlin's serialized reference.
    private static let kotlinPrefix = "ApolloCacheReference{"

    /// The key a classic Apollo Kotlin reference string names, or nil for any other string.
    package static func kotlinReference(_ text: String) -> CacheKey? {
        guard text.hasPrefix(kotlinPrefix), text.hasSuffix("}") else { return nil }
        return CacheKey(String(text.dropFirst(kotlinPrefix.count).dropLast()))
    }

    /// The record a classic Apollo Kotlin row holds: fields keyed the Apollo iOS way.
    package static func kotlinClassicRecord(key: String, json: [UInt8]) throws(GraphQLCacheError) -> Record {
        guard case .object(let object) = try JSONParser.parse(json, builder: JSONValueBuilder()) else {
            throw .storage("record \(key): not a JSON object")
        }
        var fields: [String: CacheValue] = [:]
        for member in object { fields[ForeignFieldKey.iOSKey(member.key)] = kotlinValue(member.value) }
        return Record(key: CacheKey(key), fields)
    }

    /// One JSON value of a classic Apollo Kotlin record.
    package static func kotlinValue(_ value: JSONValue) -> CacheValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return kotlinReference(text).map(CacheValue.reference) ?? .string(text)
        case .array(let items): return .list(items.map(kotlinValue))
        case .object(let object):
            var members: [String: CacheValue] = [:]
            for member in object { members[member.key] = kotlinValue(member.value) }
            return .object(members)
        }
    }
}
