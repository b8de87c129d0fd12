import GraphQLCache

/// `:sizes`: what takes the space, as ncdu shows a disk. First the typenames, largest first,
/// with their records and bytes and a bar; Enter on one lists its records, largest first; Enter
/// on a record opens it, Back returns to the typenames.
package struct SizesList: Hashable, Sendable {
    /// One line: a group (typename) or a record of the group drilled into.
    package struct Row: Hashable, Sendable {
        package var name: String
        package var records: Int
        package var bytes: Int
        /// The record the row is (Enter opens it); nil for a group.
        package var key: CacheKey?
    }

    /// The typename drilled into, nil at the top level.
    package var typename: String?
    package var rows: [Row]
    package var selected = 0
    /// Records and bytes in the whole cache.
    package var totalRecords: Int
    package var totalBytes: Int
    /// Where the typename list stood, to return to it.
    package var groupSelection = 0

    package init(typename: String?, rows: [Row], totalRecords: Int, totalBytes: Int) {
        self.typename = typename
        self.rows = rows
        self.totalRecords = totalRecords
        self.totalBytes = totalBytes
    }
}
