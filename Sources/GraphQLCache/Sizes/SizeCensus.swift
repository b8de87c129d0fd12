/// What takes the space in a cache (the ncdu question), from one pass over its rows: bytes and
/// records per group (by `__typename`, by the root field that reaches a record, or by field), the
/// largest records, and how many argument variants each root field has stored — the usual reason
/// a cache grows without limit (`search(text:*)`: 1,204). `cachelens stats --by` prints it; the
/// explorer's sizes view can drill into the same groups.
public struct SizeCensus: Sendable {
    /// How records are grouped.
    public enum Grouping: String, Sendable, CaseIterable {
        /// By `__typename` (`(none)` without one; roots by their own name).
        case typename
        /// By the root field (arguments stripped) through which the record is first reached,
        /// root fields taken in key order; `(roots)` for the root records themselves and
        /// `(unreachable)` for records no root field leads to.
        case root
        /// By `Typename.field` (arguments stripped): the bytes of that field's key and value in
        /// every record holding it, and how many records hold it.
        case field
    }

    /// One group's size.
    public struct Group: Sendable, Equatable {
        public let name: String
        public var records: Int
        public var bytes: Int

        public init(name: String, records: Int, bytes: Int) {
            self.name = name
            self.records = records
            self.bytes = bytes
        }
    }

    /// One stored record's size: its key and JSON together.
    public struct RecordSize: Sendable, Equatable {
        public let key: CacheKey
        public let bytes: Int
    }

    /// A root field's stored argument variants: `hero(episode:*)` with 3 of them.
    public struct Variants: Sendable, Equatable {
        /// The field's name and argument names, values as `*`.
        public let pattern: String
        public let count: Int

        public init(pattern: String, count: Int) {
            self.pattern = pattern
            self.count = count
        }
    }

    public let grouping: Grouping
    /// Records counted.
    public private(set) var records = 0
    /// Bytes of keys and record JSON together.
    public private(set) var bytes = 0
    private var sizes: [String: Group] = [:]
    private var largestRecords: [RecordSize] = []
    private let largestLimit: Int
    private var variantCounts: [String: Int] = [:]
    /// For `root` (`SizeCensus+Roots`): each record's size and references, walked from the roots at the end.
    var graph: [CacheKey: (bytes: Int, references: [CacheKey])] = [:]
    var roots: [Record] = []

    /// A census grouping by `grouping` that keeps the `largest` biggest records.
    public init(grouping: Grouping, largest: Int = 10) {
        self.grouping = grouping
        largestLimit = max(largest, 0)
    }

    /// Counts one record stored as `jsonBytes` bytes of JSON.
    public mutating func add(_ record: Record, jsonBytes: Int) {
        let size = record.key.rawValue.utf8.count + jsonBytes
        records += 1
        bytes += size
        noteLargest(RecordSize(key: record.key, bytes: size))
        if record.key.isRoot {
            roots.append(record)
            countVariants(record)
        }
        switch grouping {
        case .typename: count(record.typename ?? (record.key.isRoot ? record.key.rawValue : "(none)"), records: 1, bytes: size)
        case .field: countFields(record)
        case .root: graph[record.key] = (size, record.referencedKeys)
        }
    }

    /// The groups, largest first (ties by name).
    public var groups: [Group] {
        let all = grouping == .root ? rootGroups() : Array(sizes.values)
        return all.sorted { ($0.bytes, $1.name) > ($1.bytes, $0.name) }
    }

    /// The largest records, largest first.
    public var largest: [RecordSize] { largestRecords }

    /// Root fields with arguments, by how many variants are stored, most first.
    public var variants: [Variants] {
        variantCounts.map { Variants(pattern: $0.key, count: $0.value) }
            .sorted { ($0.count, $1.pattern) > ($1.count, $0.pattern) }
    }

    private mutating func count(_ name: String, records: Int, bytes: Int) {
        sizes[name, default: Group(name: name, records: 0, bytes: 0)].records += records
        sizes[name]!.bytes += bytes
    }

    private mutating func countFields(_ record: Record) {
        let owner = record.typename ?? (record.key.isRoot ? record.key.rawValue : "(none)")
        for (field, value) in record.fields {
            let valueBytes = RecordJSON.encode([field: value]).count - 2
            count(owner + "." + KeyShape.fieldName(of: field), records: 1, bytes: valueBytes)
        }
    }

    private mutating func countVariants(_ record: Record) {
        for field in record.fields.keys where field.hasSuffix(")") {
            let names = FieldKeyArguments.pairs(field).keys.sorted()
            guard !names.isEmpty else { continue }
            let pattern = KeyShape.fieldName(of: field) + "(" + names.map { $0 + ":*" }.joined(separator: ",") + ")"
            variantCounts[pattern, default: 0] += 1
        }
    }

    /// Keeps the `largestLimit` biggest records, sorted, in O(limit) per record.
    private mutating func noteLargest(_ size: RecordSize) {
        guard largestLimit > 0 else { return }
        if largestRecords.count == largestLimit, let last = largestRecords.last,
           (last.bytes, size.key.rawValue) >= (size.bytes, last.key.rawValue) { return }
        let position = largestRecords.firstIndex { ($0.bytes, size.key.rawValue) < (size.bytes, $0.key.rawValue) }
            ?? largestRecords.count
        largestRecords.insert(size, at: position)
        if largestRecords.count > largestLimit { largestRecords.removeLast() }
    }
}
