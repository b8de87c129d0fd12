/// Why a read stopped at some field.
public enum MissReason: String, Sendable, Hashable {
    /// A root record, or the record a fragment is read at, is absent.
    case missingRecord
    /// The record has no such field key.
    case missingField
    /// A field holds a reference to a record that is absent.
    case danglingReference
    /// Null in a non-null field (needs a schema).
    case nullValue
    /// A stored value of the wrong shape for the selection, or (with a schema) a scalar that
    /// does not fit its type, as Apollo iOS's "could not convert".
    case wrongType
}

/// A cache miss as a value: where the read stopped, why, and what was there instead, so that
/// users can find out why a query misses (the explorer's query console, the harness `explain`).
public struct CacheMiss: Sendable, Hashable, CustomStringConvertible {
    /// Response path: response names (aliases) and list indices.
    public var path: [PathComponent]
    /// The record the read looked in (for `missingRecord`, the absent record).
    public var recordKey: CacheKey
    /// The field key looked up there; nil for `missingRecord`.
    public var fieldKey: String?
    /// Why the read stopped there.
    public var reason: MissReason
    /// For `danglingReference`, the absent record the field points at.
    public var reference: CacheKey?
    /// Field keys of that record with the same field name and other arguments, sorted.
    public var nearMisses: [String]
    /// What the reader knew there (types, arguments, field policy), for diagnoses; not part of
    /// the harness `miss` object.
    public var context: MissContext

    public init(path: [PathComponent], recordKey: CacheKey, fieldKey: String?, reason: MissReason,
                reference: CacheKey? = nil, nearMisses: [String] = [], context: MissContext = MissContext()) {
        self.context = context
        self.path = path
        self.recordKey = recordKey
        self.fieldKey = fieldKey
        self.reason = reason
        self.reference = reference
        self.nearMisses = nearMisses
    }

    /// Misses are equal when their harness objects are: the context is what the reader knew,
    /// not part of what the miss is.
    public static func == (lhs: CacheMiss, rhs: CacheMiss) -> Bool {
        lhs.path == rhs.path && lhs.recordKey == rhs.recordKey && lhs.fieldKey == rhs.fieldKey
            && lhs.reason == rhs.reason && lhs.reference == rhs.reference && lhs.nearMisses == rhs.nearMisses
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(recordKey)
        hasher.combine(fieldKey)
        hasher.combine(reason)
    }

    /// Exactly the harness `miss` object of HARNESS.md.
    public var jsonObject: JSONObject {
        var object: JSONObject = [
            "path": .array(path.map(\.jsonValue)),
            "recordKey": .string(recordKey.rawValue),
            "fieldKey": fieldKey.map(JSONValue.string) ?? .null,
            "reason": .string(reason.rawValue),
        ]
        if let reference { object["reference"] = .string(reference.rawValue) }
        object["nearMisses"] = .array(nearMisses.map(JSONValue.string))
        return object
    }

    public var description: String {
        let at = path.map(\.description).joined(separator: ".")
        var text = "cache miss at \(at.isEmpty ? "<root>" : at): \(reason.rawValue) \(recordKey.rawValue)"
        if let fieldKey { text += ".\(fieldKey)" }
        if let reference { text += " -> \(reference.rawValue)" }
        if !nearMisses.isEmpty { text += " (near misses: \(nearMisses.joined(separator: ", ")))" }
        return text
    }
}
