import GraphQLCache

/// `:diff FILE`: the records that differ between FILE (before) and the data shown (after),
/// each marked `+` added, `-` removed or `~` changed, a changed record's fields side by side
/// beneath it (`name  "Luke" │ "Luke S."`). Enter on a record opens it.
package struct DiffList: Hashable, Sendable {
    /// One line: a record (with its key) or one of its fields.
    package struct Row: Hashable, Sendable {
        package var segments: [LogList.Segment]
        package var key: CacheKey?
    }

    /// The file compared with.
    package var file: String
    package var rows: [Row]
    package var selected: Int
    /// Records added, removed and changed.
    package var counts: [RecordDelta.Kind: Int]

    package init(file: String, deltas: [RecordDelta]) {
        self.file = file
        var counts: [RecordDelta.Kind: Int] = [:]
        var rows: [Row] = []
        let width = deltas.flatMap { $0.kind == .changed ? $0.fields.map(\.field.count) : [] }.max() ?? 0
        for delta in deltas {
            counts[delta.kind, default: 0] += 1
            rows.append(Row(segments: [.init(LogRows.mark(delta.kind) + " ", LogRows.role(delta.kind)),
                                       .init(delta.key.rawValue, .valueReference)], key: delta.key))
            guard delta.kind == .changed else { continue }
            for field in delta.fields {
                let name = field.field + String(repeating: " ", count: max(0, width - field.field.count))
                rows.append(Row(segments: [.init("    " + name + "  ", .fieldName)] + LogRows.side(field.before)
                                    + [.init(" │ ", .border)] + LogRows.side(field.after), key: nil))
            }
        }
        self.rows = rows
        self.counts = counts
        selected = 0
    }
}
