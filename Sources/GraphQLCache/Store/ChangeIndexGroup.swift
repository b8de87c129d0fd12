/// The observers of one record's fields when there are two or more (`ChangeIndex`): each
/// observer's names, where each entry is (so that registering and forgetting one of 100,000
/// observers of `QUERY_ROOT` does not scan the others), and a field -> observers table once
/// they are more than the index's threshold.
struct ChangeIndexGroup<ID: Hashable & Sendable>: Sendable {
    typealias Entry = ChangeIndex<ID>.Entry

    private(set) var entries: [Entry] = []
    /// Where each observer's entry is in `entries`.
    private(set) var positions: [ID: Int] = [:]
    /// Field key -> observers, kept once `entries` is longer than the threshold.
    private(set) var byField: [String: Set<ID>]?

    init(_ entries: [Entry], threshold: Int) {
        for entry in entries { set(entry, threshold: threshold) }
    }

    /// Adds `entry`, or replaces the entry of its observer.
    mutating func set(_ entry: Entry, threshold: Int) {
        if let at = positions[entry.id] {
            if byField != nil { unlist(entry.id, entries[at].fields) }
            entries[at].fields = entry.fields
        } else {
            positions[entry.id] = entries.count
            entries.append(entry)
        }
        if byField != nil {
            for name in entry.fields.sorted { byField?[name, default: []].insert(entry.id) }
        } else if entries.count > threshold {
            var table: [String: Set<ID>] = [:]
            for entry in entries { for name in entry.fields.sorted { table[name, default: []].insert(entry.id) } }
            byField = table
        }
    }

    /// Forgets `id`'s entry: the last entry takes its place (order does not matter).
    mutating func remove(_ id: ID) {
        guard let at = positions.removeValue(forKey: id) else { return }
        if byField != nil { unlist(id, entries[at].fields) }
        let last = entries.removeLast()
        if at < entries.count {
            entries[at] = last
            positions[last.id] = at
        }
    }

    /// The observers of `field`, added to `result`.
    func observers(of field: String, into result: inout Set<ID>) {
        if let table = byField {
            if let ids = table[field] { result.formUnion(ids) }
            return
        }
        for entry in entries where entry.fields.contains(field) { result.insert(entry.id) }
    }

    /// Removes `id` from the field table in place (a copy of a set of 100,000 observers per
    /// removal would make tearing watchers down quadratic).
    private mutating func unlist(_ id: ID, _ names: FieldNames) {
        for name in names.sorted {
            byField?[name]?.remove(id)
            if byField?[name]?.isEmpty == true { byField?[name] = nil }
        }
    }
}
