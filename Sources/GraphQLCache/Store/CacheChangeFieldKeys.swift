import Synchronization

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
package struct CacheChangeFieldKeys: Sendable, Sequence {
    private enum Form: Sendable {
        case set(Set<FieldKey>)
        case grouped(Grouped)
    }

    /// A grouping and the set made of it once asked for, shared by every copy of the change
    /// (subscribers receive copies), so the set is made at most once.
    private final class Grouped: Sendable {
        let changes: FieldChanges
        private let madeSet = Mutex<Set<FieldKey>?>(nil)

        init(_ changes: FieldChanges) { self.changes = changes }

        var isSetMade: Bool { madeSet.withLock { $0 != nil } }

        var set: Set<FieldKey> {
            madeSet.withLock { made in
                if let made { return made }
                let set = changes.fieldKeys
                made = set
                return set
            }
        }
    }

    private var form: Form

    /// The keys of `set`.
    package init(_ set: Set<FieldKey> = []) { form = .set(set) }

    /// The keys of `changes`, kept grouped.
    package init(grouped changes: FieldChanges) {
        form = changes.isEmpty ? .set([]) : .grouped(Grouped(changes))
    }

    /// The keys as a set (made on the first call for a grouping, then kept). Changed in place
    /// (`change.changedFields.insert(…)`), the set is taken out first, so it is held once and
    /// not copied.
    package var set: Set<FieldKey> {
        get {
            switch form {
            case .set(let set): set
            case .grouped(let grouped): grouped.set
            }
        }
        set { form = .set(newValue) }
        _modify {
            var keys = self.set
            form = .set([])
            defer { form = .set(keys) }
            yield &keys
        }
    }

    /// The keys grouped by record: a grouping as it is, a set grouped.
    package var grouping: FieldChanges {
        switch form {
        case .set(let set): FieldChanges(set)
        case .grouped(let grouped): grouped.changes
        }
    }

    /// How many field keys there are.
    package var count: Int {
        switch form {
        case .set(let set): set.count
        case .grouped(let grouped): grouped.changes.count
        }
    }

    package var isEmpty: Bool { count == 0 }

    package var underestimatedCount: Int { count }

    /// Whether the keys are held grouped by record, with no set made of them yet (tests).
    package var isGroupedOnly: Bool {
        if case .grouped = form { return true }
        return false
    }

    /// Whether a set of the keys exists (always for a set; for a grouping, once asked). Tests.
    package var isSetMade: Bool {
        switch form {
        case .set: true
        case .grouped(let grouped): grouped.isSetMade
        }
    }

    /// The records holding the keys, each once: one per record of a grouping (no field key
    /// hashed), one per key of a set.
    package var recordKeys: Set<CacheKey> {
        switch form {
        case .set(let set):
            var records = Set<CacheKey>(minimumCapacity: set.count)
            for key in set { records.insert(key.record) }
            return records
        case .grouped(let grouped):
            return Set(grouped.changes.records.lazy.map(\.record))
        }
    }

    /// Calls `body` with each record and its keys' field names: once per record of a
    /// grouping, once per key of a set. Lets a reader look each record up once.
    package func forEachRecord(_ body: (CacheKey, FieldNameList) throws -> Void) rethrows {
        switch form {
        case .set(let set):
            for key in set { try body(key.record, FieldNameList(one: key.field)) }
        case .grouped(let grouped):
            for change in grouped.changes.records { try body(change.record, FieldNameList(change)) }
        }
    }

    /// Whether `test` holds for a record and its keys' field names, walked as `forEachRecord`
    /// walks them, stopping at the first that does.
    package func containsRecord(where test: (CacheKey, FieldNameList) throws -> Bool) rethrows -> Bool {
        switch form {
        case .set(let set):
            return try set.contains { try test($0.record, FieldNameList(one: $0.field)) }
        case .grouped(let grouped):
            return try grouped.changes.records.contains { try test($0.record, FieldNameList($0)) }
        }
    }

    package func makeIterator() -> Iterator {
        switch form {
        case .set(let set): Iterator(form: .set(set.makeIterator()))
        case .grouped(let grouped): Iterator(form: .grouped(grouped.changes.makeIterator()))
        }
    }

    /// Walks the keys without making a set.
    package struct Iterator: IteratorProtocol {
        fileprivate enum Form {
            case set(Set<FieldKey>.Iterator)
            case grouped(FieldChanges.Iterator)
        }

        fileprivate var form: Form

        package mutating func next() -> FieldKey? {
            switch form {
            case .set(var keys):
                let key = keys.next()
                form = .set(keys)
                return key
            case .grouped(var keys):
                let key = keys.next()
                form = .grouped(keys)
                return key
            }
        }
    }

    /// Equal when both hold the same keys. Copies of one grouping are equal without making
    /// its set: the explorer's write log tells a change it witnessed from another by comparing
    /// them, and hashing a restore's 500,000 field keys for it took a tenth of the restore.
    package static func == (lhs: CacheChangeFieldKeys, rhs: CacheChangeFieldKeys) -> Bool {
        if case .grouped(let left) = lhs.form, case .grouped(let right) = rhs.form, left === right { return true }
        return lhs.count == rhs.count && lhs.set == rhs.set
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
