/// The field keys a read depended on (every field it looked up, misses included), grouped by
/// record: what `ReadResult.dependencies` holds and what a watcher registers in the store's
/// change index.
///
/// Why not `Set<FieldKey>` (what `dependentKeys` still gives): a read of 100,000 items depends on
/// 700,000 field keys, and a set of them took 33 MB of table and a hash of two strings per key,
/// only for the change index to group them by record again. Here each record holds one sorted
/// list of names, and records read through the same selections share the same list
/// (`FieldDependencyBuilder` interns them): the 100,000 items cost one dictionary entry each,
/// about 3 MB, and the change index keeps the lists as they are.
///
/// Two values are equal when they hold the same field keys.
public struct FieldDependencies: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// Each record's names, never empty.
    private(set) var groups: [CacheKey: FieldNames]
    /// How many field keys there are, over all records.
    public private(set) var count: Int

    /// No dependency.
    public init() {
        groups = [:]
        count = 0
    }

    /// The distinct keys of `keys`, grouped by record.
    public init<S: Sequence>(_ keys: S) where S.Element == FieldKey {
        var builder = FieldDependencyBuilder()
        for key in keys { builder.insert(key.field, of: key.record) }
        self = builder.finish()
    }

    /// The distinct keys listed.
    public init(arrayLiteral keys: FieldKey...) { self.init(keys) }

    /// Groups made by `FieldDependencyBuilder`.
    init(groups: [CacheKey: FieldNames], count: Int) {
        self.groups = groups
        self.count = count
    }

    /// Groups whose names are never empty, counted here.
    init(groups: [CacheKey: FieldNames]) {
        self.init(groups: groups, count: groups.values.reduce(0) { $0 + $1.count })
    }

    /// Replaces the names on `record` (nil or empty: none), keeping `count` right: how an
    /// incremental watch changes the few records a patch read again.
    mutating func setNames(_ names: FieldNames?, of record: CacheKey) {
        let old = groups[record]?.count ?? 0
        let new = names?.count ?? 0
        groups[record] = new == 0 ? nil : names
        count += new - old
    }

    /// The names on `record`, if any.
    func names(of record: CacheKey) -> FieldNames? { groups[record] }

    /// Whether there is no dependency.
    public var isEmpty: Bool { count == 0 }

    /// How many records the keys are on.
    public var recordCount: Int { groups.count }

    /// The records the keys are on, each once, in no particular order.
    public var records: some Collection<CacheKey> { groups.keys }

    /// Whether a field of `record` is among the keys.
    public func contains(record: CacheKey) -> Bool { groups[record] != nil }

    /// Whether `key` is among the keys: one lookup of its record, a binary search of its names.
    public func contains(_ key: FieldKey) -> Bool {
        groups[key.record]?.contains(key.field) ?? false
    }

    /// The field keys on `record`, sorted; empty when there is none.
    public func fields(of record: CacheKey) -> [String] { groups[record]?.sorted ?? [] }

    /// The keys as a set, for callers that test or list them one by one (the harness's
    /// `dependentKeys`).
    public var fieldKeys: Set<FieldKey> {
        var keys = Set<FieldKey>(minimumCapacity: count)
        for key in self { keys.insert(key) }
        return keys
    }

    /// `[Droid:2001.name, QUERY_ROOT.hero]`: the keys sorted as `FieldKey` sorts.
    public var description: String {
        "[" + map(\.description).sorted().joined(separator: ", ") + "]"
    }

    public func makeIterator() -> Iterator { Iterator(groups.makeIterator()) }

    /// The keys record by record.
    public struct Iterator: IteratorProtocol {
        private var records: Dictionary<CacheKey, FieldNames>.Iterator
        private var current: (record: CacheKey, names: FieldNames)?
        private var index = 0

        init(_ records: Dictionary<CacheKey, FieldNames>.Iterator) {
            self.records = records
        }

        public mutating func next() -> FieldKey? {
            while true {
                if let current, index < current.names.count {
                    defer { index += 1 }
                    return FieldKey(record: current.record, field: current.names.sorted[index])
                }
                guard let (record, names) = records.next() else { return nil }
                current = (record, names)
                index = 0
            }
        }
    }
}
