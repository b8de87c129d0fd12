/// The inverted index from what changed to who cares: field key -> observers and record key ->
/// observers, so that dispatching a change costs O(changed keys), not O(observers).
///
/// An observer depends on field keys (`Droid:2001.name`, every field its read looked at, misses
/// included) and optionally on whole records (any field of the record: used for records a read
/// found absent, whose fields are not known yet). A removed record reaches every observer that
/// depends on it or on any of its fields.
struct ChangeIndex<ID: Hashable & Sendable>: Sendable {
    private var observersByField: [FieldKey: Set<ID>] = [:]
    /// Observers with at least one field dependency on the record.
    private var fieldObserversByRecord: [CacheKey: Set<ID>] = [:]
    /// Observers depending on the whole record.
    private var recordObservers: [CacheKey: Set<ID>] = [:]
    private var dependencies: [ID: Dependencies] = [:]

    /// What one observer depends on.
    struct Dependencies: Equatable, Sendable {
        var fields: Set<FieldKey> = []
        var records: Set<CacheKey> = []
        var fieldRecords: Set<CacheKey> { Set(fields.lazy.map(\.record)) }
    }

    /// How many observers are registered.
    var count: Int { dependencies.count }

    /// The dependencies registered for `id`, if any.
    func dependencies(of id: ID) -> Dependencies? { dependencies[id] }

    /// Registers `id` or replaces what it depends on; cost follows the keys that changed.
    mutating func set(_ id: ID, fields: Set<FieldKey>, records: Set<CacheKey> = []) {
        let old = dependencies[id] ?? Dependencies()
        let new = Dependencies(fields: fields, records: records)
        dependencies[id] = new
        for key in old.fields.subtracting(new.fields) { Self.remove(id, key, from: &observersByField) }
        for key in new.fields.subtracting(old.fields) { observersByField[key, default: []].insert(id) }
        let oldFieldRecords = old.fieldRecords, newFieldRecords = new.fieldRecords
        for key in oldFieldRecords.subtracting(newFieldRecords) { Self.remove(id, key, from: &fieldObserversByRecord) }
        for key in newFieldRecords.subtracting(oldFieldRecords) { fieldObserversByRecord[key, default: []].insert(id) }
        for key in old.records.subtracting(new.records) { Self.remove(id, key, from: &recordObservers) }
        for key in new.records.subtracting(old.records) { recordObservers[key, default: []].insert(id) }
    }

    /// Forgets `id`.
    mutating func remove(_ id: ID) {
        guard dependencies[id] != nil else { return }
        set(id, fields: [], records: [])
        dependencies[id] = nil
    }

    /// The observers a change concerns.
    func observers(affectedBy change: CacheChange) -> Set<ID> {
        var result = Set<ID>()
        for key in change.changedFields {
            if let ids = observersByField[key] { result.formUnion(ids) }
            if let ids = recordObservers[key.record] { result.formUnion(ids) }
        }
        for key in change.removedFields {
            if let ids = observersByField[key] { result.formUnion(ids) }
        }
        for key in change.removedRecords {
            if let ids = fieldObserversByRecord[key] { result.formUnion(ids) }
            if let ids = recordObservers[key] { result.formUnion(ids) }
        }
        return result
    }

    private static func remove<Key: Hashable>(_ id: ID, _ key: Key, from map: inout [Key: Set<ID>]) {
        guard var ids = map[key] else { return }
        ids.remove(id)
        map[key] = ids.isEmpty ? nil : ids
    }
}

extension ChangeIndex {
    /// The index's laws, for tests: every inverted entry matches the forward dependencies exactly
    /// and no empty set is kept. Returns the broken laws, empty when all hold.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var fields: [FieldKey: Set<ID>] = [:], fieldRecords: [CacheKey: Set<ID>] = [:]
        var records: [CacheKey: Set<ID>] = [:]
        for (id, deps) in dependencies {
            for key in deps.fields { fields[key, default: []].insert(id) }
            for key in deps.fieldRecords { fieldRecords[key, default: []].insert(id) }
            for key in deps.records { records[key, default: []].insert(id) }
        }
        if fields != observersByField { problems.append("field index differs from dependencies") }
        if fieldRecords != fieldObserversByRecord { problems.append("field-record index differs from dependencies") }
        if records != recordObservers { problems.append("record index differs from dependencies") }
        return problems
    }
}
