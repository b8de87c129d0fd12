/// A deferred fragment (`@defer`) whose data is not in the cache: the read leaves its fields out
/// and says so, instead of counting a miss, as Apollo iOS reads a deferred fragment as
/// `.pending`. Its data is what an incremental response would have brought later.
public struct PendingFragment: Sendable, Hashable, CustomStringConvertible {
    /// Response path of the object the fragment applies to.
    public var path: [PathComponent]
    /// The fragment's `@defer(label:)`, if it has one.
    public var label: String?

    public init(path: [PathComponent], label: String?) {
        self.path = path
        self.label = label
    }

    /// `{"path":[…],"label":…|null}` for `explain`.
    public var jsonObject: JSONObject {
        ["path": .array(path.map(\.jsonValue)), "label": label.map(JSONValue.string) ?? .null]
    }

    /// `animal.friend (deferredFriend)`, or `(root)` for the operation's root object.
    public var description: String {
        let at = path.isEmpty ? "(root)" : path.map(\.description).joined(separator: ".")
        return label.map { "\(at) (\($0))" } ?? at
    }
}
