import GraphQLCache

/// The record view: one record's fields, typed, with lists collapsed until opened. The rows are
/// built once when the record is opened (O(n log n) for the field order); every frame and key
/// press afterwards touches only the rows on screen.
public struct RecordViewState: Hashable, Sendable {
    public var key: CacheKey
    /// Whether the record exists (a dangling reference opens an absent one).
    public var exists: Bool
    public var typename: String?
    public var fieldCount: Int
    public var rows: [FieldRow]
    /// The widest label of `rows` as built (display columns, indentation included): measured
    /// once here rather than at every frame, which on a 100,000-field record was 100,000
    /// label measurements per key press.
    public let widestLabel: Int
    /// Ids of expanded rows.
    public var expanded: Set<String>
    public var selected: Int
    public var top: Int
    /// The row as stored, when its record cannot be read: shown raw with its error.
    public var broken: BrokenRow?

    public init(key: CacheKey, exists: Bool, typename: String? = nil, fieldCount: Int = 0, rows: [FieldRow] = [],
                expanded: Set<String> = [], selected: Int = 0, top: Int = 0) {
        self.key = key
        self.exists = exists
        self.typename = typename
        self.fieldCount = fieldCount
        self.rows = rows
        self.widestLabel = rows.reduce(0) { max($0, DisplayWidth.of($1.label) + 2 * $1.depth) }
        self.expanded = expanded
        self.selected = selected
        self.top = top
    }

    public var selectedRow: FieldRow? { rows.indices.contains(selected) ? rows[selected] : nil }
}
