import GraphQLCache

/// The record view: one record's fields, typed, with lists collapsed until opened. The rows are
/// built once when the record is opened (O(n log n) for the field order); every frame and key
/// press afterwards touches only the rows on screen.
package struct RecordViewState: Hashable, Sendable {
    package var key: CacheKey
    /// Whether the record exists (a dangling reference opens an absent one).
    package var exists: Bool
    package var typename: String?
    package var fieldCount: Int
    package var rows: [FieldRow]
    /// The widest label of `rows` as built (display columns, indentation included): measured
    /// once here rather than at every frame, which on a 100,000-field record was 100,000
    /// label measurements per key press.
    package let widestLabel: Int
    /// Ids of expanded rows.
    package var expanded: Set<String>
    package var selected: Int
    package var top: Int
    /// The row as stored, when its record cannot be read: shown raw with its error.
    package var broken: BrokenRow?
    /// When the file says the record was updated and received (Apollo Kotlin 1.0), for the title.
    package var dates: RecordDates?

    package init(key: CacheKey, exists: Bool, typename: String? = nil, fieldCount: Int = 0, rows: [FieldRow] = [],
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

    package var selectedRow: FieldRow? { rows.indices.contains(selected) ? rows[selected] : nil }
}
