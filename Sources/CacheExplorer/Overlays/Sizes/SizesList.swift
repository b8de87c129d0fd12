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

    /// The typenames, largest first, and each one's largest records, largest first: what
    /// the list shows at each level, all from one pass over the records (`SizesScan`).
    package var groups: [Row]
    package var records: [String: [Row]]

    /// The typenames' list.
    package init(groups: [Row], records: [String: [Row]], totalRecords: Int, totalBytes: Int) {
        typename = nil
        rows = groups
        self.groups = groups
        self.records = records
        self.totalRecords = totalRecords
        self.totalBytes = totalBytes
    }

    /// Drilled into typename `name` (its records), or back at the typenames (nil), where the
    /// selection returns to where it was.
    package func showing(_ name: String?) -> SizesList {
        var list = self
        list.typename = name
        if let name {
            list.rows = records[name] ?? []
            list.groupSelection = selected
            list.selected = 0
        } else {
            list.rows = groups
            list.selected = min(groupSelection, max(0, groups.count - 1))
        }
        return list
    }
}
