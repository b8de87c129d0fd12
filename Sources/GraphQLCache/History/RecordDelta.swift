/// What happened to one record between two states of a cache: added, removed, or changed with
/// each changed field's before and after. The unit of `cachelens diff`, of a journal entry and of
/// the explorer's write log, so all three speak of a change the same way.
public struct RecordDelta: Hashable, Sendable {
    /// Whether the record appeared, went away or changed.
    public enum Kind: String, Sendable, CaseIterable {
        case added, removed, changed
    }

    /// The record's key.
    public let key: CacheKey
    /// What happened to it.
    public let kind: Kind
    /// `__typename` after the change (before it, for a removed record), for counts by type.
    public let typename: String?
    /// Every field that differs, sorted by field key: all fields of an added or removed record.
    public let fields: [FieldDelta]
    /// Whether the record's fields before the change were never seen: another process replaced
    /// or changed a row that nobody had read (or removed one), so only the after side is known.
    /// Such a record existed before, or may have: it is `changed` (or `removed`), never
    /// `added`, and each field's `before` is nil because it is unknown, not because the field
    /// was absent. Nothing can be undone across it.
    public let beforeUnknown: Bool

    public init(key: CacheKey, kind: Kind, typename: String?, fields: [FieldDelta], beforeUnknown: Bool = false) {
        self.key = key
        self.kind = kind
        self.typename = typename
        self.fields = fields
        self.beforeUnknown = beforeUnknown
    }

    /// A record whose fields before the change were not seen, with its fields `after` (nil:
    /// it is gone): `changed`, or `removed` with no fields, and `beforeUnknown`.
    public static func unseenBefore(key: CacheKey, after: [String: CacheValue]?) -> RecordDelta {
        guard let after else { return RecordDelta(key: key, kind: .removed, typename: nil, fields: [], beforeUnknown: true) }
        return RecordDelta(key: key, kind: .changed, typename: typename(of: after),
                           fields: after.keys.sorted().map { FieldDelta(field: $0, before: nil, after: after[$0]) }, beforeUnknown: true)
    }

    /// The difference between a record's fields before and after (nil for a missing side); nil
    /// when both sides hold equal fields (or neither exists).
    public static func between(key: CacheKey, before: [String: CacheValue]?, after: [String: CacheValue]?) -> RecordDelta? {
        switch (before, after) {
        case (nil, nil):
            return nil
        case (nil, let new?):
            // The fields sorted with their values: no lookup per field (a delete of 100,000
            // records makes half a million of these).
            return RecordDelta(key: key, kind: .added, typename: typename(of: new),
                               fields: new.sorted { $0.key < $1.key }.map { FieldDelta(field: $0.key, before: nil, after: $0.value) })
        case (let old?, nil):
            return RecordDelta(key: key, kind: .removed, typename: typename(of: old),
                               fields: old.sorted { $0.key < $1.key }.map { FieldDelta(field: $0.key, before: $0.value, after: nil) })
        case (let old?, let new?):
            let names = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }
            guard !names.isEmpty else { return nil }
            return RecordDelta(key: key, kind: .changed, typename: typename(of: new) ?? typename(of: old),
                               fields: names.sorted().map { FieldDelta(field: $0, before: old[$0], after: new[$0]) })
        }
    }

    /// The fields whose references now point elsewhere.
    public var repointedFields: [FieldDelta] { fields.filter(\.isRepointed) }

    /// The record's fields after the change, rebuilt from the deltas of an added record (for a
    /// changed record only the changed fields are known).
    public var fieldsAfter: [String: CacheValue] {
        var result: [String: CacheValue] = [:]
        for delta in fields { if let after = delta.after { result[delta.field] = after } }
        return result
    }

    private static func typename(of fields: [String: CacheValue]) -> String? {
        if case .string(let name)? = fields["__typename"] { return name }
        return nil
    }
}
