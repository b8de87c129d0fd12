import GraphQLCache

/// One line of the record view: a field, or an item of an expanded list or object.
package struct FieldRow: Hashable, Sendable {
    /// The top-level field key this row belongs to (what `e` edits).
    package var field: String
    /// Where the row sits below the field: list indices and object keys, empty for the field.
    package var path: [String]
    /// The label shown: the field key, `[2]`, or an object member.
    package var label: String
    package var value: CacheValue
    /// Whether the value is a reference to a record that does not exist.
    package var isDangling: Bool
    /// Whether the row is a list or object currently shown open.
    package var isExpanded: Bool

    package init(field: String, path: [String] = [], label: String, value: CacheValue, isDangling: Bool = false,
                isExpanded: Bool = false) {
        self.field = field
        self.path = path
        self.label = label
        self.value = value
        self.isDangling = isDangling
        self.isExpanded = isExpanded
    }

    /// The row's identity among expansions: `friends/2`.
    package var id: String { ([field] + path).joined(separator: "/") }
    /// Indentation level.
    package var depth: Int { path.count }
}
