import GraphQLCache

/// The virtualised record list: only the visible page of rows is held, fetched by offset.
package struct RecordListState: Hashable, Sendable {
    /// The active key filter (a literal, case-insensitive substring); empty shows every key.
    package var filter = ""
    /// The order of the keys (`s` cycles it).
    package var order = ListOrder.key
    /// How many keys the filter lets through (a lower bound while `countIsExact` is false).
    package var count = 0
    /// Whether `count` is final; a filter over many keys is counted after its first page shows.
    package var countIsExact = true
    /// The selected row, an index into all `count` keys.
    package var selected = 0
    /// The first visible row.
    package var top = 0
    /// Rows `top ..< top + rows.count`.
    package var rows: [RecordRow] = []
    /// The keys being built in the background (a `type:`/`re:` filter or a sort over many).
    package var building: ListBuilding?
    /// How far the first read of a big file's keys got; the list is empty until it ends.
    package var readingKeys: KeyReadProgress?

    package init(filter: String = "", count: Int = 0, selected: Int = 0, top: Int = 0, rows: [RecordRow] = []) {
        self.filter = filter
        self.count = count
        self.selected = selected
        self.top = top
        self.rows = rows
    }

    /// The selected row, when it is loaded.
    package var selectedRow: RecordRow? {
        let index = selected - top
        return rows.indices.contains(index) ? rows[index] : nil
    }
}
