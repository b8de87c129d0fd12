import GraphQLCache

/// `W` on a field: the watches whose last read looked the field up (what an edit of it would
/// wake), as Apollo Client Devtools shows which queries use a cache entry. Enter opens one.
package struct ReaderList: Hashable, Sendable {
    /// The field asked about.
    package var field: FieldKey
    /// The names of the watches that read it, in the watches pane's order.
    package var watches: [String]
    package var selected: Int

    package init(field: FieldKey, watches: [String], selected: Int = 0) {
        self.field = field
        self.watches = watches
        self.selected = selected
    }
}
