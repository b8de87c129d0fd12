import GraphQLCache

/// Turns a record into record-view rows: fields in natural order (`__typename` first), open
/// lists and objects followed by their items, references marked dangling when their target is
/// absent.
enum RecordRows {
    /// At most this many referenced keys are checked for existence per record shown.
    static let danglingCheckLimit = 1000

    static func build(_ record: Record, expanded: Set<String>, existing: Set<CacheKey>) -> [FieldRow] {
        var rows: [FieldRow] = []
        for field in orderedFields(record) {
            append(field: field, path: [], label: field, value: record.fields[field]!, expanded: expanded,
                   existing: existing, into: &rows)
        }
        return rows
    }

    static func orderedFields(_ record: Record) -> [String] {
        record.fields.keys.sorted { a, b in
            if a == "__typename" || b == "__typename" { return a == "__typename" && b != "__typename" }
            return NaturalOrder.precedes(a, b)
        }
    }

    /// The keys a record references (bounded), to be checked for existence.
    static func referencedKeys(_ record: Record) -> Set<CacheKey> {
        Set(record.referencedKeys.prefix(danglingCheckLimit))
    }

    private static func append(field: String, path: [String], label: String, value: CacheValue,
                               expanded: Set<String>, existing: Set<CacheKey>, into rows: inout [FieldRow]) {
        var row = FieldRow(field: field, path: path, label: label, value: value)
        if case .reference(let key) = value { row.isDangling = !existing.contains(key) }
        row.isExpanded = expanded.contains(row.id)
        rows.append(row)
        guard row.isExpanded else { return }
        switch value {
        case .list(let items):
            for (index, item) in items.enumerated() {
                append(field: field, path: path + [String(index)], label: "[\(index)]", value: item,
                       expanded: expanded, existing: existing, into: &rows)
            }
        case .object(let members):
            for name in members.keys.sorted(by: NaturalOrder.precedes) {
                append(field: field, path: path + [name], label: name, value: members[name]!,
                       expanded: expanded, existing: existing, into: &rows)
            }
        default:
            break
        }
    }
}
