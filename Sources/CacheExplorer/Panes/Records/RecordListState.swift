import GraphQLCache

/// The virtualised record list: only the visible page of rows is held, fetched by offset.
public struct RecordListState: Hashable, Sendable {
    /// The active key filter (a literal, case-insensitive substring); empty shows every key.
    public var filter = ""
    /// How many keys the filter lets through (a lower bound while `countIsExact` is false).
    public var count = 0
    /// Whether `count` is final; a filter over many keys is counted after its first page shows.
    public var countIsExact = true
    /// The selected row, an index into all `count` keys.
    public var selected = 0
    /// The first visible row.
    public var top = 0
    /// Rows `top ..< top + rows.count`.
    public var rows: [RecordRow] = []

    public init(filter: String = "", count: Int = 0, selected: Int = 0, top: Int = 0, rows: [RecordRow] = []) {
        self.filter = filter
        self.count = count
        self.selected = selected
        self.top = top
        self.rows = rows
    }

    /// The selected row, when it is loaded.
    public var selectedRow: RecordRow? {
        let index = selected - top
        return rows.indices.contains(index) ? rows[index] : nil
    }
}
