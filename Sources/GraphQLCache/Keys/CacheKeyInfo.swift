/// A programmatic cache id for one response object: the id and, optionally, the group that
/// replaces the typename in the key (`Animal:10` for both `Dog` and `Cat`), as in Apollo iOS's
/// `CacheKeyInfo`.
public struct CacheKeyInfo: Sendable, Hashable {
    /// The id, unique within the typename (or the group).
    public var id: String
    /// Used instead of the typename in the key, so several types share one id space.
    public var uniqueKeyGroup: String?

    public init(id: String, uniqueKeyGroup: String? = nil) {
        self.id = id
        self.uniqueKeyGroup = uniqueKeyGroup
    }
}

/// Programmatic ids: typename + the response object -> id, or nil for "no id" (the object is
/// then stored by type policy or by path).
public typealias CacheKeyResolver = @Sendable (_ typename: String, _ object: JSONObject) -> CacheKeyInfo?

/// How a programmatic cache id becomes a record key.
public enum CacheKeyFormat: String, Sendable, Hashable {
    /// `"\(uniqueKeyGroup ?? typename):\(id)"`, Apollo iOS 1.x's `CacheKeyInfo`.
    case typed
    /// Just the id: the legacy `cacheKeyForObject = { $0["id"] }` of Apollo iOS 0.x.
    case bare
}

/// The common programmatic id: the values of some fields (usually `id`).
public struct FieldCacheKeys: Sendable, Hashable {
    /// Fields whose values make the id; an object lacking one of them has no id.
    public var fields: [String]
    /// `Type:id` or the bare id.
    public var format: CacheKeyFormat
    /// Replaces the typename in `typed` keys.
    public var group: String?

    public init(fields: [String], format: CacheKeyFormat = .typed, group: String? = nil) {
        self.fields = fields
        self.format = format
        self.group = group
    }

    /// The id of `object`: the field values (strings as they are, numbers printed), escaped
    /// and joined by `+` when there are several, as type policies join key fields.
    public func id(of object: JSONObject) -> String? {
        var parts: [String] = []
        for field in fields {
            guard let value = object[field], let text = KeyFieldValue.text(value) else { return nil }
            parts.append(text)
        }
        if parts.count == 1 { return parts[0] }
        return parts.map(KeyFieldValue.escape).joined(separator: "+")
    }
}
