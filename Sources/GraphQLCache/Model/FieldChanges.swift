/// The field keys a merge changed, grouped by record: what `NormalizedCache.merge(records:)`
/// and `RecordSet.merge(records:)` return.
///
/// Why not `Set<FieldKey>` (Apollo's shape): a merge of new records changes every field, and
/// hashing each one into a set cost about a fifth of a large SQLite merge, mostly to be thrown
/// away (the store computes its own changes). Grouped by record, a merge pays one small array
/// per changed record and no hashing; a caller that tests membership many times asks for
/// `fieldKeys` once.
///
/// Each record appears at most once and each of its fields at most once, so `count` is the
/// number of distinct field keys, and two values are equal when they hold the same field keys,
/// in whatever order.
public struct FieldChanges: Sendable, Sequence, Equatable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The changed records, each once, in the order they were added.
    public private(set) var records: [RecordChange] = []
    /// How many field keys there are, over all records.
    public private(set) var count = 0

    #if DEBUG
    /// Records already added, so that debug builds catch an `appendNew` that breaks its promise
    /// (release builds keep `appendNew` free of hashing).
    private var addedRecords: Set<CacheKey> = []
    #endif

    /// No changes.
    public init() {}

    /// The distinct keys of `keys`, grouped by record in the order they first appear.
    public init<S: Sequence>(_ keys: S) where S.Element == FieldKey {
        var positions: [CacheKey: Int] = [:]
        var groups: [(record: CacheKey, fields: [String])] = []
        var seen = Set<FieldKey>()
        for key in keys where seen.insert(key).inserted {
            if let position = positions[key.record] {
                groups[position].fields.append(key.field)
            } else {
                positions[key.record] = groups.count
                groups.append((key.record, [key.field]))
            }
        }
        records.reserveCapacity(groups.count)
        for group in groups { add(RecordChange(record: group.record, fields: group.fields)) }
    }

    /// The distinct keys listed, grouped by record.
    public init(arrayLiteral keys: FieldKey...) { self.init(keys) }

    /// Adds the changed `fields` of a `record` these changes do not hold yet, in O(fields):
    /// the fast path a merge takes, one call per record, with no hashing.
    ///
    /// The caller promises that `record` is not in the changes and that `fields` has no
    /// duplicate, which holds for one merge of a `RecordSet` (its keys are unique, a record's
    /// fields come from a dictionary). Debug builds check the promise and stop on a broken one;
    /// when it may not hold, use `formUnion`, which dedupes. Empty `fields` add nothing.
    public mutating func appendNew(record: CacheKey, fields: [String]) {
        guard !fields.isEmpty else { return }
        #if DEBUG
        assert(!addedRecords.contains(record),
               "FieldChanges.appendNew: record \(record) is already in the changes; use formUnion")
        assert(Set(fields).count == fields.count,
               "FieldChanges.appendNew: the fields of record \(record) repeat a name: \(fields)")
        #endif
        add(RecordChange(record: record, fields: fields))
    }

    /// Adds every field of a new `record` whose fields are `fields`, as `appendNew(record:fields:)`
    /// with their names (same promise), without listing them: a merge of new records adds a
    /// record this way in O(1).
    public mutating func appendNew(record: CacheKey, allFieldsOf fields: [String: CacheValue]) {
        guard !fields.isEmpty else { return }
        #if DEBUG
        assert(!addedRecords.contains(record),
               "FieldChanges.appendNew: record \(record) is already in the changes; use formUnion")
        #endif
        add(RecordChange(record: record, allFieldsOf: fields))
    }

    /// Makes room for `records` more records, so a merge that knows how many rows it will
    /// report grows the array once.
    public mutating func reserveCapacity(records additional: Int) {
        records.reserveCapacity(records.count + additional)
    }

    /// Adds every field key of `other` not already here.
    public mutating func formUnion(_ other: FieldChanges) {
        if other.isEmpty { return }
        if isEmpty { self = other; return }
        var positions = [CacheKey: Int](minimumCapacity: records.count)
        for (position, change) in records.enumerated() { positions[change.record] = position }
        for change in other.records {
            guard let position = positions[change.record] else {
                positions[change.record] = records.count
                add(change)
                continue
            }
            let present = Set(records[position].fields)
            let added = change.fields.filter { !present.contains($0) }
            guard !added.isEmpty else { continue }
            records[position] = RecordChange(record: change.record, fields: records[position].fields + added)
            count += added.count
        }
    }

    /// These changes and `other`'s together, each field key once.
    public func union(_ other: FieldChanges) -> FieldChanges {
        var result = self
        result.formUnion(other)
        return result
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { count == 0 }

    /// Every field key as a set, built on each call: for callers that test membership often.
    public var fieldKeys: Set<FieldKey> {
        var keys = Set<FieldKey>(minimumCapacity: count)
        for key in self { keys.insert(key) }
        return keys
    }

    /// The keys of the changed records, each once.
    public var recordKeys: [CacheKey] { records.map(\.record) }

    /// Whether `key` changed. O(count): for many questions, ask `fieldKeys` once.
    public func contains(_ key: FieldKey) -> Bool {
        records.contains { $0.record == key.record && $0.contains(field: key.field) }
    }

    /// Every field key, record by record.
    public func makeIterator() -> Iterator { Iterator(records: records) }

    public var underestimatedCount: Int { count }

    /// Equal when both hold the same field keys, whatever their order.
    public static func == (lhs: FieldChanges, rhs: FieldChanges) -> Bool {
        guard lhs.count == rhs.count, lhs.records.count == rhs.records.count else { return false }
        // Both hold distinct keys and as many: one inside the other means the same keys.
        let right = rhs.fieldKeys
        return lhs.allSatisfy { right.contains($0) }
    }

    /// The field keys printed as `record.field`, sorted: `[A.x, B.y]`.
    public var description: String {
        "[" + sorted().map(\.description).joined(separator: ", ") + "]"
    }

    /// Adds a record known to be absent, with distinct, non-empty fields.
    private mutating func add(_ change: RecordChange) {
        #if DEBUG
        addedRecords.insert(change.record)
        #endif
        records.append(change)
        count += change.fieldCount
    }

    /// Walks the field keys record by record.
    public struct Iterator: IteratorProtocol {
        private let records: [RecordChange]
        private var recordIndex = 0
        /// The fields of `records[recordIndex]` not walked yet, once started.
        private var fields: FieldIterator?

        init(records: [RecordChange]) { self.records = records }

        public mutating func next() -> FieldKey? {
            while recordIndex < records.count {
                if fields == nil { fields = records[recordIndex].makeFieldIterator() }
                if let field = fields!.next() { return FieldKey(record: records[recordIndex].record, field: field) }
                fields = nil
                recordIndex += 1
            }
            return nil
        }
    }
}
