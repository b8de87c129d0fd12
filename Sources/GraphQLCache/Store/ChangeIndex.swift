/// The inverted index from what changed to who cares, so that dispatching a change costs
/// O(changed keys), not O(observers).
///
/// An observer depends on field keys (`Droid:2001.name`, every field its read looked at, misses
/// included) and optionally on whole records (any field of the record: used for records a read
/// found absent, whose fields are not known yet). A removed record reaches every observer that
/// depends on it or on any of its fields.
///
/// Field dependencies are kept grouped by record: per record, each observer's field keys as one
/// sorted array (the same array in the forward and the inverted direction). A watch over
/// 100,000 items depends on 700,000 field keys; one set entry per field key (and a set of
/// observers per entry) took 340 MB, the grouped form about a tenth. A record many observers
/// depend on (`QUERY_ROOT`, one field per watcher) also gets a field -> observers table, so a
/// change to one of its fields does not look at every observer of the record.
struct ChangeIndex<ID: Hashable & Sendable>: Sendable {
    /// One observer's fields on one record.
    private struct Entry: Sendable {
        var id: ID
        /// Field keys, sorted.
        var fields: [String]
    }

    /// The observers of one record's fields.
    private struct RecordEntries: Sendable {
        var entries: [Entry] = []
        /// Where each observer's entry is in `entries`: registering and forgetting one of
        /// 100,000 observers of `QUERY_ROOT` must not scan the others.
        var positions: [ID: Int] = [:]
        /// Field key -> observers, kept once `entries` is longer than `tableThreshold`.
        var byField: [String: Set<ID>]?
    }

    /// Observers a record has before its field table is built.
    static var tableThreshold: Int { 8 }

    private var fieldObservers: [CacheKey: RecordEntries] = [:]
    /// Observers depending on the whole record.
    private var recordObservers: [CacheKey: Set<ID>] = [:]
    private var forward: [ID: Stored] = [:]

    /// What one observer depends on, as registered.
    private struct Stored: Sendable {
        var fields: [CacheKey: [String]] = [:]
        var records: Set<CacheKey> = []
    }

    /// What one observer depends on.
    struct Dependencies: Equatable, Sendable {
        var fields: Set<FieldKey> = []
        var records: Set<CacheKey> = []
    }

    /// How many observers are registered.
    var count: Int { forward.count }

    /// The dependencies registered for `id`, if any (rebuilt as sets: for tests and inspection).
    func dependencies(of id: ID) -> Dependencies? {
        forward[id].map { stored in
            var fields = Set<FieldKey>()
            for (record, names) in stored.fields { for name in names { fields.insert(FieldKey(record: record, field: name)) } }
            return Dependencies(fields: fields, records: stored.records)
        }
    }

    /// Registers `id` or replaces what it depends on; cost follows the keys given.
    mutating func set(_ id: ID, fields: Set<FieldKey>, records: Set<CacheKey> = []) {
        let old = forward[id] ?? Stored()
        var grouped: [CacheKey: [String]] = [:]
        for key in fields { grouped[key.record, default: []].append(key.field) }
        for record in grouped.keys { grouped[record]?.sort() }
        for record in old.fields.keys where grouped[record] == nil { removeEntry(id, record) }
        for (record, names) in grouped where old.fields[record] != names { setEntry(id, record, names) }
        for key in old.records.subtracting(records) { Self.remove(id, key, from: &recordObservers) }
        for key in records.subtracting(old.records) { recordObservers[key, default: []].insert(id) }
        forward[id] = Stored(fields: grouped, records: records)
    }

    /// Forgets `id`.
    mutating func remove(_ id: ID) {
        guard forward[id] != nil else { return }
        set(id, fields: [], records: [])
        forward[id] = nil
    }

    /// The observers a change concerns.
    func observers(affectedBy change: CacheChange) -> Set<ID> {
        var result = Set<ID>()
        for key in change.changedFields {
            observers(of: key, into: &result)
            if let ids = recordObservers[key.record] { result.formUnion(ids) }
        }
        for key in change.removedFields { observers(of: key, into: &result) }
        for key in change.removedRecords {
            for entry in fieldObservers[key]?.entries ?? [] { result.insert(entry.id) }
            if let ids = recordObservers[key] { result.formUnion(ids) }
        }
        return result
    }

    private func observers(of key: FieldKey, into result: inout Set<ID>) {
        guard let record = fieldObservers[key.record] else { return }
        if let table = record.byField {
            if let ids = table[key.field] { result.formUnion(ids) }
            return
        }
        for entry in record.entries where Self.contains(entry.fields, key.field) { result.insert(entry.id) }
    }

    /// Binary search in sorted field keys.
    private static func contains(_ sorted: [String], _ field: String) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] == field { return true }
            if sorted[middle] < field { low = middle + 1 } else { high = middle }
        }
        return false
    }

    /// The group is moved out of the dictionary while it changes (`removeValue`), so the change
    /// is made in place instead of copying every entry and the field table (one copy per
    /// registration made 100,000 watchers of one record quadratic).
    private mutating func setEntry(_ id: ID, _ record: CacheKey, _ names: [String]) {
        var group = fieldObservers.removeValue(forKey: record) ?? RecordEntries()
        if let at = group.positions[id] {
            if group.byField != nil { Self.unlist(id, group.entries[at].fields, in: &group) }
            group.entries[at].fields = names
        } else {
            group.positions[id] = group.entries.count
            group.entries.append(Entry(id: id, fields: names))
        }
        if group.byField != nil {
            for name in names { group.byField?[name, default: []].insert(id) }
        } else if group.entries.count > Self.tableThreshold {
            var table: [String: Set<ID>] = [:]
            for entry in group.entries { for name in entry.fields { table[name, default: []].insert(entry.id) } }
            group.byField = table
        }
        fieldObservers[record] = group
    }

    /// Forgets `id`'s entry on `record`: the last entry takes its place (order does not matter).
    private mutating func removeEntry(_ id: ID, _ record: CacheKey) {
        guard var group = fieldObservers.removeValue(forKey: record) else { return }
        defer { if !group.entries.isEmpty { fieldObservers[record] = group } }
        guard let at = group.positions.removeValue(forKey: id) else { return }
        if group.byField != nil { Self.unlist(id, group.entries[at].fields, in: &group) }
        let last = group.entries.removeLast()
        if at < group.entries.count {
            group.entries[at] = last
            group.positions[last.id] = at
        }
    }

    /// Removes `id` from the field table in place (a copy of a set of 100,000 observers per
    /// removal would make tearing watchers down quadratic).
    private static func unlist(_ id: ID, _ names: [String], in group: inout RecordEntries) {
        for name in names {
            group.byField?[name]?.remove(id)
            if group.byField?[name]?.isEmpty == true { group.byField?[name] = nil }
        }
    }

    private static func remove<Key: Hashable>(_ id: ID, _ key: Key, from map: inout [Key: Set<ID>]) {
        map[key]?.remove(id)
        if map[key]?.isEmpty == true { map[key] = nil }
    }
}

extension ChangeIndex {
    /// The index's laws, for tests: the inverted entries (and field tables) match the forward
    /// dependencies exactly and nothing empty is kept. Returns the broken laws, empty when all hold.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var expected: [CacheKey: [ID: [String]]] = [:], records: [CacheKey: Set<ID>] = [:]
        for (id, stored) in forward {
            for (record, names) in stored.fields {
                if names.isEmpty || names != names.sorted() { problems.append("fields of \(record) empty or unsorted") }
                expected[record, default: [:]][id] = names
            }
            for key in stored.records { records[key, default: []].insert(id) }
        }
        var actual: [CacheKey: [ID: [String]]] = [:]
        for (record, group) in fieldObservers {
            if group.entries.isEmpty { problems.append("empty entries kept for \(record)") }
            let placed = group.entries.indices.allSatisfy { group.positions[group.entries[$0].id] == $0 }
            if !placed || group.positions.count != group.entries.count { problems.append("positions of \(record) wrong") }
            for entry in group.entries { actual[record, default: [:]][entry.id] = entry.fields }
            var table: [String: Set<ID>] = [:]
            for entry in group.entries { for name in entry.fields { table[name, default: []].insert(entry.id) } }
            if group.entries.count > Self.tableThreshold && group.byField == nil {
                problems.append("no field table for \(record) with \(group.entries.count) observers")
            }
            if let byField = group.byField, byField != table { problems.append("field table of \(record) differs from its entries") }
        }
        if actual != expected { problems.append("field index differs from dependencies") }
        if records != recordObservers { problems.append("record index differs from dependencies") }
        return problems
    }
}
