import GraphQLCache

/// One line of the record view: a field, or an item of an expanded list or object.
public struct FieldRow: Hashable, Sendable {
    /// The top-level field key this row belongs to (what `e` edits).
    public var field: String
    /// Where the row sits below the field: list indices and object keys, empty for the field.
    public var path: [String]
    /// The label shown: the field key, `[2]`, or an object member.
    public var label: String
    public var value: CacheValue
    /// Whether the value is a reference to a record that does not exist.
    public var isDangling: Bool
    /// Whether the row is a list or object currently shown open.
    public var isExpanded: Bool

    public init(field: String, path: [String] = [], label: String, value: CacheValue, isDangling: Bool = false,
                isExpanded: Bool = false) {
        self.field = field
        self.path = path
        self.label = label
        self.value = value
        self.isDangling = isDangling
        self.isExpanded = isExpanded
    }

    /// The row's identity among expansions: `friends/2`.
    public var id: String { ([field] + path).joined(separator: "/") }
    /// Indentation level.
    public var depth: Int { path.count }
}
