/// A set of records by key, with Apollo's merge: what normalizing a response produces and what
/// an in-memory cache holds.
public struct RecordSet: Sendable, Equatable {
    /// Records by key.
    public private(set) var storage: [CacheKey: Record]

    public init() { storage = [:] }

    /// `records` as they are: each under its own key (the caller guarantees it), nothing merged.
    /// For the normalizer, whose records are made once per key; merging them in one by one
    /// hashed every key again and made a change list per record.
    init(distinctRecords records: [CacheKey: Record]) {
        storage = records
    }

    /// `records`, each under its own key: the caller guarantees the keys are distinct (a
    /// chunk of another set's records), so nothing is merged.
    init<S: Sequence>(distinctRecords records: S) where S.Element == Record {
        storage = Dictionary(minimumCapacity: records.underestimatedCount)
        for record in records { storage[record.key] = record }
    }

    /// `records`, a record under a key seen before merged into it. Room is made for them at
    /// once and no change list is kept: restoring 100,000 records spent a tenth of its time
    /// growing the dictionary and listing changes nobody read.
    public init<S: Sequence>(records: S) where S.Element == Record {
        storage = Dictionary(minimumCapacity: records.underestimatedCount)
        for record in records {
            guard var earlier = storage.updateValue(record, forKey: record.key) else { continue }
            _ = earlier.merge(record)
            storage[record.key] = earlier
        }
    }

    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }
    public var keys: Dictionary<CacheKey, Record>.Keys { storage.keys }
    public var records: Dictionary<CacheKey, Record>.Values { storage.values }

    public subscript(key: CacheKey) -> Record? { storage[key] }

    /// Merges every record of `records`; returns the changed field keys, grouped by record.
    @discardableResult
    public mutating func merge(records: RecordSet) -> FieldChanges {
        var changes = FieldChanges()
        // Keys of a record set are unique and each record's changed fields distinct.
        for record in records.records { merge(record, into: &changes) }
        return changes
    }

    /// Merges one record: a new record reports every field, an existing one only what changed.
    @discardableResult
    public mutating func merge(record: Record) -> FieldChanges {
        var changes = FieldChanges()
        merge(record, into: &changes)
        return changes
    }

    /// Merges one record and adds its changed fields to `changes`, which does not hold it yet:
    /// every field of a new record (not listed: `appendNew(record:allFieldsOf:)`), else the
    /// fields whose values changed.
    private mutating func merge(_ record: Record, into changes: inout FieldChanges) {
        guard var existing = storage[record.key] else {
            storage[record.key] = record
            changes.appendNew(record: record.key, allFieldsOf: record.fields)
            return
        }
        let changed = existing.merge(record)
        if !changed.isEmpty { storage[record.key] = existing }
        changes.appendNew(record: record.key, fields: changed)
    }

    /// Removes one record; returns it when it was there.
    @discardableResult
    public mutating func removeRecord(for key: CacheKey) -> Record? {
        storage.removeValue(forKey: key)
    }

    /// Removes every record; keeps the capacity for refills.
    public mutating func removeAll() { storage.removeAll(keepingCapacity: true) }
}
