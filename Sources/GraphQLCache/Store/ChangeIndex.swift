/// The inverted index from what changed to who cares, so that dispatching a change costs
/// O(changed keys), not O(observers).
///
/// An observer depends on field keys (`Droid:2001.name`, every field its read looked at, misses
/// included) and optionally on whole records (any field of the record: used for records a read
/// found absent, whose fields are not known yet). A removed record reaches every observer that
/// depends on it or on any of its fields.
///
/// Field dependencies come grouped by record (`FieldDependencies`, as a read collects them) and
/// are kept so: the forward direction is the observer's `FieldDependencies` itself, and per
/// record the inverted direction holds the observer and the same interned list of names. Almost
/// every record has one observer (the records of one watch's read), kept without any table; a
/// record several observers depend on keeps them in a group, with a field -> observers table
/// once they are more than `tableThreshold` (`QUERY_ROOT` when every watcher reads a field of
/// it), so a change to one of its fields does not look at every observer of the record.
///
/// An observer of `largeThreshold` records or more (a watch over a long list, or a read that
/// found a long list's items absent and so depends on each whole record) is not inverted at
/// all: a change is checked against its dependencies directly, one lookup per changed key,
/// stopping at the first that touches it. (Undoing the delete of 100,000 items looked up each
/// of their 300,000 changed fields in the record table; now the first one decides.) There are few such observers (each holds thousands of records' worth of a read), so
/// dispatch stays O(changed keys) times a small number, and registering one costs nothing per
/// record. A watch over 100,000 items (700,000 field keys) took 340 MB with one entry per
/// field key, 51 MB grouped with a group per record, 13 MB with one entry per record, and now
/// nothing beyond its own dependencies.
struct ChangeIndex<ID: Hashable & Sendable>: Sendable {
    /// One observer's fields on one record.
    struct Entry: Sendable {
        var id: ID
        var fields: FieldNames
    }

    /// The observers of one record's fields.
    enum RecordEntries: Sendable {
        /// The one observer of the record (the common case).
        case one(Entry)
        /// Two or more.
        case many(ChangeIndexGroup<ID>)
    }

    /// Observers a record has before its field table is built.
    static var tableThreshold: Int { 8 }
    /// Records (with fields or whole) an observer depends on from which it is checked directly
    /// instead of inverted.
    static var largeThreshold: Int { 4_096 }

    private(set) var fieldObservers: [CacheKey: RecordEntries] = [:]
    /// Observers depending on the whole record.
    private(set) var recordObservers: [CacheKey: Set<ID>] = [:]
    private(set) var forward: [ID: Dependencies] = [:]
    /// Observers of `largeThreshold` records or more: in `forward` only, checked one by one.
    private(set) var large: Set<ID> = []

    /// What one observer depends on.
    struct Dependencies: Equatable, Sendable {
        var fields = FieldDependencies()
        var records: Set<CacheKey> = []
    }

    /// How many observers are registered.
    var count: Int { forward.count }

    /// The dependencies registered for `id`, if any (shared with the index, not copied).
    func dependencies(of id: ID) -> Dependencies? { forward[id] }

    /// Registers `id` or replaces what it depends on; cost follows the keys given.
    mutating func set(_ id: ID, fields: Set<FieldKey>, records: Set<CacheKey> = []) {
        set(id, dependencies: FieldDependencies(fields), records: records)
    }

    /// Registers `id` or replaces what it depends on; cost follows the records given (a record
    /// whose names did not change is only compared). Returns what `id` depended on before.
    @discardableResult
    mutating func set(_ id: ID, dependencies: FieldDependencies, records: Set<CacheKey> = []) -> Dependencies? {
        let old = forward[id]
        let wasLarge = large.contains(id)
        let isLarge = Self.isLarge(dependencies, records: records)
        // What is inverted for `id` now, and what should be.
        let oldGroups = wasLarge ? [:] : old?.fields.groups ?? [:]
        let newGroups = isLarge ? [:] : dependencies.groups
        if isLarge { large.insert(id) } else if wasLarge { large.remove(id) }
        for record in oldGroups.keys where newGroups[record] == nil {
            Self.unplace(id, in: &fieldObservers[record])
        }
        for (record, names) in newGroups where oldGroups[record] != names {
            Self.place(Entry(id: id, fields: names), in: &fieldObservers[record])
        }
        let oldRecords = wasLarge ? [] : old?.records ?? []
        let newRecords = isLarge ? [] : records
        for key in oldRecords.subtracting(newRecords) { Self.remove(id, key, from: &recordObservers) }
        for key in newRecords.subtracting(oldRecords) { recordObservers[key, default: []].insert(id) }
        forward[id] = Dependencies(fields: dependencies, records: records)
        return old
    }

    /// Whether an observer of `fields` and whole `records` is checked directly.
    static func isLarge(_ fields: FieldDependencies, records: Set<CacheKey>) -> Bool {
        fields.recordCount + records.count >= largeThreshold
    }

    /// Forgets `id`.
    mutating func remove(_ id: ID) {
        guard forward[id] != nil else { return }
        set(id, dependencies: FieldDependencies(), records: [])
        forward[id] = nil
        large.remove(id)
    }

    /// The observers a change concerns.
    func observers(affectedBy change: CacheChange) -> Set<ID> {
        var result = Set<ID>()
        if !fieldObservers.isEmpty || !recordObservers.isEmpty {
            change.changedFieldKeys.forEachRecord { record, names in
                observers(of: record, names: names, into: &result)
                if let ids = recordObservers[record] { result.formUnion(ids) }
            }
        }
        if !fieldObservers.isEmpty {
            change.removedFieldKeys.forEachRecord { record, names in observers(of: record, names: names, into: &result) }
        }
        for key in change.removedRecordKeys {
            switch fieldObservers[key] {
            case .one(let entry)?: result.insert(entry.id)
            case .many(let group)?: for entry in group.entries { result.insert(entry.id) }
            case nil: break
            }
            if let ids = recordObservers[key] { result.formUnion(ids) }
        }
        for id in large where !result.contains(id) {
            if let dependencies = forward[id], Self.touches(change, dependencies) { result.insert(id) }
        }
        return result
    }

    /// Whether `change` changed or removed one of the fields, changed a field of a whole record
    /// depended on, or removed a record holding either.
    private static func touches(_ change: CacheChange, _ dependencies: Dependencies) -> Bool {
        let (fields, records) = (dependencies.fields, dependencies.records)
        // One pass over the changed records asks both questions, stopping at the first that
        // touches: undoing the delete of a watch's 100,000 items (each depended on whole,
        // having been found absent) is decided at the first record, not after a pass that
        // looks each one up among the field dependencies first.
        let touchesFields = { (record: CacheKey, names: FieldNameList) in
            guard let watched = fields.names(of: record) else { return false }
            return names.contains(where: watched.contains)
        }
        return change.changedFieldKeys.containsRecord { record, names in
            !records.isEmpty && records.contains(record) || touchesFields(record, names)
        }
            || change.removedFieldKeys.containsRecord(where: touchesFields)
            || change.removedRecordKeys.contains { fields.contains(record: $0) || records.contains($0) }
    }

    /// Adds the observers of the fields `names` of `record`: the record is looked up once.
    private func observers(of record: CacheKey, names: FieldNameList, into result: inout Set<ID>) {
        switch fieldObservers[record] {
        case .one(let entry)?: if names.contains(where: entry.fields.contains) { result.insert(entry.id) }
        case .many(let group)?: for name in names { group.observers(of: name, into: &result) }
        case nil: break
        }
    }

    /// Puts `entry` in a record's slot, replacing the observer's previous entry there. The
    /// group is taken out of the slot while it changes, so it changes in place instead of
    /// copying every entry and the field table (one copy per registration made 100,000
    /// watchers of one record quadratic).
    private static func place(_ entry: Entry, in slot: inout RecordEntries?) {
        switch slot {
        case nil:
            slot = .one(entry)
        case .one(let other)? where other.id == entry.id:
            slot = .one(entry)
        case .one(let other)?:
            slot = .many(ChangeIndexGroup([other, entry], threshold: tableThreshold))
        case .many(var group)?:
            slot = nil
            group.set(entry, threshold: tableThreshold)
            slot = .many(group)
        }
    }

    /// Forgets `id`'s entry in a record's slot; a group left with one observer becomes `one`.
    private static func unplace(_ id: ID, in slot: inout RecordEntries?) {
        switch slot {
        case .one(let entry)? where entry.id == id:
            slot = nil
        case .many(var group)?:
            slot = nil
            group.remove(id)
            slot = group.entries.count == 1 ? .one(group.entries[0]) : .many(group)
        case .one?, nil:
            break
        }
    }

    private static func remove<Key: Hashable>(_ id: ID, _ key: Key, from map: inout [Key: Set<ID>]) {
        map[key]?.remove(id)
        if map[key]?.isEmpty == true { map[key] = nil }
    }
}
