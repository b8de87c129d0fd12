import CacheKeyIndex
import GraphQLCache

/// Turns a record into record-view rows: fields in natural order (`__typename` first), open
/// lists and objects followed by their items. Which references dangle is decided for the rows
/// on screen (`markDangling`), however long the list: a record with 100,000 references is not
/// checked all at once, and none is left unchecked when scrolled to.
enum RecordRows {
    static func build(_ record: Record, expanded: Set<String>) -> [FieldRow] {
        var rows: [FieldRow] = []
        rows.reserveCapacity(record.fields.count)
        for (name, value) in orderedEntries(record) {
            append(field: name, path: [], label: name, value: value, expanded: expanded, into: &rows)
        }
        return rows
    }

    /// The references held by `rows[range]` (what `markDangling` needs to know about).
    static func references(in rows: [FieldRow], _ range: Range<Int>) -> Set<CacheKey> {
        var keys = Set<CacheKey>()
        for index in range.clamped(to: rows.indices) {
            if case .reference(let key) = rows[index].value { keys.insert(key) }
        }
        return keys
    }

    /// Marks each reference row in `range` dangling unless its target is in `existing`.
    static func markDangling(_ rows: inout [FieldRow], _ range: Range<Int>, existing: Set<CacheKey>) {
        for index in range.clamped(to: rows.indices) {
            if case .reference(let key) = rows[index].value { rows[index].isDangling = !existing.contains(key) }
        }
    }

    /// The field keys, `__typename` first, then in natural order (`orderedEntries`).
    static func orderedFields(_ record: Record) -> [String] {
        orderedEntries(record).map(\.name)
    }

    /// The fields, `__typename` first, then in natural order, sorted as the key index sorts
    /// keys (`NaturalSort`): comparing 20,000 names pairwise was half of selecting the record.
    /// Names and values are taken together in one pass over the record: looking each of
    /// 20,000 names up again was a sixth of selecting it.
    static func orderedEntries(_ record: Record) -> [(name: String, value: CacheValue)] {
        var names: [String] = [], values: [CacheValue] = []
        names.reserveCapacity(record.fields.count)
        values.reserveCapacity(record.fields.count)
        var typename: CacheValue?
        for (name, value) in record.fields {
            if name == "__typename" { typename = value } else { names.append(name); values.append(value) }
        }
        let first = typename.map { [(name: "__typename", value: $0)] } ?? []
        return first + NaturalSort.order(names).map { (name: names[$0], value: values[$0]) }
    }

    private static func append(field: String, path: [String], label: String, value: CacheValue,
                               expanded: Set<String>, into rows: inout [FieldRow]) {
        var row = FieldRow(field: field, path: path, label: label, value: value)
        // A row's id is a joined string: made only when something is open (100,000 rows, none open).
        row.isExpanded = !expanded.isEmpty && expanded.contains(row.id)
        rows.append(row)
        guard row.isExpanded else { return }
        switch value {
        case .list(let items):
            for (index, item) in items.enumerated() {
                append(field: field, path: path + [String(index)], label: "[\(index)]", value: item,
                       expanded: expanded, into: &rows)
            }
        case .object(let members):
            for name in members.keys.sorted(by: NaturalOrder.precedes) {
                append(field: field, path: path + [name], label: name, value: members[name]!,
                       expanded: expanded, into: &rows)
            }
        default:
            break
        }
    }
}
