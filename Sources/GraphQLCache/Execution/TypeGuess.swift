/// A fragment a read applied by guess: nothing placed the record's type against the fragment's
/// type condition (no schema), so it matched because the record held the fragment's fields, as
/// Apollo Client's heuristic fragment matcher does. `explain` lists these so a user knows which
/// parts of the answer rest on the guess (and that loading a schema removes it).
public struct TypeGuess: Sendable, Hashable {
    /// Response path of the object the fragment was applied to.
    public var path: [PathComponent]
    /// The record read.
    public var recordKey: CacheKey
    /// The record's `__typename`, if it has one.
    public var typename: String?
    /// The fragment's type condition.
    public var typeCondition: String

    public init(path: [PathComponent], recordKey: CacheKey, typename: String?, typeCondition: String) {
        self.path = path
        self.recordKey = recordKey
        self.typename = typename
        self.typeCondition = typeCondition
    }

    /// `{"path":[…],"recordKey":…,"typename":…|null,"typeCondition":…}` for `explain`.
    public var jsonObject: JSONObject {
        [
            "path": .array(path.map(\.jsonValue)),
            "recordKey": .string(recordKey.description),
            "typename": typename.map(JSONValue.string) ?? .null,
            "typeCondition": .string(typeCondition),
        ]
    }
}
