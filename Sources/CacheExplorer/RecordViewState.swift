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

/// The record view: one record's fields, typed, with lists collapsed until opened.
public struct RecordViewState: Hashable, Sendable {
    public var key: CacheKey
    /// Whether the record exists (a dangling reference opens an absent one).
    public var exists: Bool
    public var typename: String?
    public var fieldCount: Int
    public var rows: [FieldRow]
    /// Ids of expanded rows.
    public var expanded: Set<String>
    public var selected: Int
    public var top: Int

    public init(key: CacheKey, exists: Bool, typename: String? = nil, fieldCount: Int = 0, rows: [FieldRow] = [],
                expanded: Set<String> = [], selected: Int = 0, top: Int = 0) {
        self.key = key
        self.exists = exists
        self.typename = typename
        self.fieldCount = fieldCount
        self.rows = rows
        self.expanded = expanded
        self.selected = selected
        self.top = top
    }

    public var selectedRow: FieldRow? { rows.indices.contains(selected) ? rows[selected] : nil }
}
