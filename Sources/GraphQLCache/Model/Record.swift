/// One normalized object: its key and its fields by field key.
public struct Record: Hashable, Sendable {
    /// Where the record is stored.
    public let key: CacheKey
    /// Field key (`name`, `hero(episode:JEDI)`) to value.
    public var fields: [String: CacheValue]

    public init(key: CacheKey, _ fields: [String: CacheValue] = [:]) {
        self.key = key
        self.fields = fields
    }

    public subscript(field: String) -> CacheValue? {
        get { fields[field] }
        set { fields[field] = newValue }
    }

    /// The field keys of every field, as reported when a record is new or removed.
    public var fieldKeys: Set<FieldKey> {
        Set(fields.keys.map { FieldKey(record: key, field: $0) })
    }

    /// Every record key that a field of this record points at.
    public var referencedKeys: [CacheKey] {
        fields.values.flatMap(\.referencedKeys)
    }

    /// `__typename`, when stored.
    public var typename: String? {
        if case .string(let name)? = fields["__typename"] { return name }
        return nil
    }

    /// Merges `incoming` into this record with Apollo's rules: equal values are skipped, others
    /// overwritten (lists replaced whole), fields absent from `incoming` kept.
    /// Returns the names of the fields whose value changed, each once (they come from
    /// `incoming`'s dictionary): what `FieldChanges.appendNew` takes, with no hashing.
    public mutating func merge(_ incoming: Record) -> [String] {
        var changed: [String] = []
        for (field, value) in incoming.fields where fields[field] != value {
            fields[field] = value
            changed.append(field)
        }
        return changed
    }
}
