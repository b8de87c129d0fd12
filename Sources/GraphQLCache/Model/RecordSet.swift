/// A set of records by key, with Apollo's merge: what normalizing a response produces and what
/// an in-memory cache holds.
public struct RecordSet: Sendable, Equatable {
    /// Records by key.
    public private(set) var storage: [CacheKey: Record]

    public init() { storage = [:] }

    public init<S: Sequence>(records: S) where S.Element == Record {
        storage = [:]
        for record in records { _ = merge(record: record) }
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
        for record in records.records { changes.appendNew(record: record.key, fields: mergeFields(of: record)) }
        return changes
    }

    /// Merges one record: a new record reports every field, an existing one only what changed.
    @discardableResult
    public mutating func merge(record: Record) -> FieldChanges {
        var changes = FieldChanges()
        changes.appendNew(record: record.key, fields: mergeFields(of: record))
        return changes
    }

    /// Merges one record; returns the names of its changed fields.
    private mutating func mergeFields(of record: Record) -> [String] {
        guard var existing = storage[record.key] else {
            storage[record.key] = record
            return Array(record.fields.keys)
        }
        let changed = existing.merge(record)
        if !changed.isEmpty { storage[record.key] = existing }
        return changed
    }

    /// Removes one record; returns it when it was there.
    @discardableResult
    public mutating func removeRecord(for key: CacheKey) -> Record? {
        storage.removeValue(forKey: key)
    }

    /// Removes every record; keeps the capacity for refills.
    public mutating func removeAll() { storage.removeAll(keepingCapacity: true) }
}
