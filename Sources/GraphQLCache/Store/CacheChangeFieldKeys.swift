/// The field keys a `CacheChange` reports (changed, or removed): a set, or the keys grouped by
/// record as a merge reported them (`FieldChanges`), whose set is made the first time someone
/// asks for one.
///
/// Why: a merge of 100,000 new records (an undo of their delete) changes 500,000 field keys,
/// and hashing each into a set was a quarter of the store's whole merge. The store's own
/// readers of a change (the observers' index, a watch's trigger, the explorer's write log)
/// only walk the keys or ask which records changed, which the grouping answers as it is; a
/// subscriber reading `CacheChange.changedFields` gets the set, made once for every copy of
/// the change.
package typealias CacheChangeFieldKeys = ListedOrSet<FieldChanges>

extension ListedOrSet where Source == FieldChanges {
    /// The keys of `changes`, kept grouped.
    package init(grouped changes: FieldChanges) {
        self.init(listed: changes, count: changes.count, make: \.fieldKeys)
    }

    /// The keys grouped by record: a grouping as it is, a set grouped.
    package var grouping: FieldChanges { listed ?? FieldChanges(set) }

    /// Whether the keys are held grouped by record, with no set made of them yet (tests).
    package var isGroupedOnly: Bool { listed != nil }

    /// The records holding the keys, each once: one per record of a grouping (no field key
    /// hashed), one per key of a set.
    package var recordKeys: Set<CacheKey> {
        if let grouped = listed { return Set(grouped.records.lazy.map(\.record)) }
        var records = Set<CacheKey>(minimumCapacity: count)
        for key in set { records.insert(key.record) }
        return records
    }

    /// Calls `body` with each record and its keys' field names: once per record of a
    /// grouping, once per key of a set. Lets a reader look each record up once.
    package func forEachRecord(_ body: (CacheKey, FieldNameList) throws -> Void) rethrows {
        if let grouped = listed {
            for change in grouped.records { try body(change.record, FieldNameList(change)) }
        } else {
            for key in set { try body(key.record, FieldNameList(one: key.field)) }
        }
    }

    /// Whether `test` holds for a record and its keys' field names, walked as `forEachRecord`
    /// walks them, stopping at the first that does.
    package func containsRecord(where test: (CacheKey, FieldNameList) throws -> Bool) rethrows -> Bool {
        if let grouped = listed { return try grouped.records.contains { try test($0.record, FieldNameList($0)) } }
        return try set.contains { try test($0.record, FieldNameList(one: $0.field)) }
    }
}

/// The field names of one record in a change: one name (a change kept as a set), or a
/// merge's changed fields of the record.
package struct FieldNameList: Sequence {
    private enum Form {
        case one(String)
        case record(FieldChanges.RecordChange)
    }

    private let form: Form

    init(one name: String) { form = .one(name) }
    init(_ change: FieldChanges.RecordChange) { form = .record(change) }

    /// Whether `name` is among them.
    package func contains(_ name: String) -> Bool {
        switch form {
        case .one(let only): ExactUTF8.equal(only, name)
        case .record(let change): change.contains(field: name)
        }
    }

    package func makeIterator() -> Iterator {
        switch form {
        case .one(let name): Iterator(one: name, fields: nil)
        case .record(let change): Iterator(one: nil, fields: change.makeFieldIterator())
        }
    }

    package struct Iterator: IteratorProtocol {
        fileprivate var one: String?
        fileprivate var fields: FieldChanges.FieldIterator?

        package mutating func next() -> String? {
            if let name = one {
                one = nil
                return name
            }
            return fields?.next()
        }
    }
}
