/// The field names one node of a watch's kept tree looks up, grouped by record as the read
/// goes (`Reader+Tree`): each record once, its names an interned `FieldNames` shared through
/// the tree's `FieldNamesInterner`.
///
/// Why: the node holding a list reads the elements it leaves out (`listElementLimit`) inline,
/// so on a 100,000-item watch it looks up about 1.4 million field keys. Kept as a flat list of
/// (record, name) pairs of 32 bytes and grouped after through a dictionary of string arrays,
/// they came to about 45 MB before the grouping. Here a node of a few records (most nodes: an
/// item) searches a short list, and a node of more keeps one table by record, which the tree's
/// index then asks directly (`WatchTreeIndex`) instead of listing the node under each of its
/// 100,000 records again.
struct NodeLookups {
    /// The first record looked up and its names, held inline: most nodes (an item) look up one
    /// record only, and an array of one entry per node was one more allocation and free for
    /// each of a 100,000-item watch's nodes.
    private var head: CacheKey?
    private var headNames = FieldNames.empty
    /// The next few records' names, searched in turn, while there are at most `scanned` in all.
    private var few: [(record: CacheKey, names: FieldNames)] = []
    /// Every record's names once there are more than `scanned` (`head` and `few` are then
    /// empty).
    private var many: [CacheKey: FieldNames] = [:]
    /// The entry of `few` looked up last (a record's fields come one after another).
    private var last = 0
    /// Names of records the interner refused (marked `overflow` where their names go).
    private var large: [CacheKey: Set<String>] = [:]

    /// Records searched one by one before they are kept by record.
    static let scanned = 8
    /// Marks a record whose names are in `large`.
    private static let overflow = FieldNames(sorted: [])
    /// Where `entry(for:)` says the record is `head`.
    private static let atHead = -1

    /// Whether the names are kept by record (more than `scanned` records).
    var isIndexed: Bool { !many.isEmpty }

    /// How many records were looked up.
    var count: Int { (head == nil ? 0 : 1) + few.count + many.count }

    /// The names looked up on `record`, if any.
    func names(on record: CacheKey) -> FieldNames? {
        guard many.isEmpty else { return many[record] }
        if head == record { return headNames }
        return few.first { $0.record == record }?.names
    }

    /// Calls `body` with each record and its names.
    func forEach(_ body: (CacheKey, FieldNames) -> Void) {
        if let head { body(head, headNames) }
        for entry in few { body(entry.record, entry.names) }
        for (record, names) in many { body(record, names) }
    }

    /// Adds `name` on `record`, interning the record's names through `interner`.
    mutating func insert(_ name: String, of record: CacheKey, interner: inout FieldNamesInterner) {
        if many.isEmpty {
            let at = entry(for: record)
            if at == Self.atHead {
                Self.add(name, record, to: &headNames, interner: &interner, large: &large)
                return
            }
            if many.isEmpty {
                Self.add(name, record, to: &few[at].names, interner: &interner, large: &large)
                return
            }
        }
        Self.add(name, record, to: &many[record, default: FieldNames.empty], interner: &interner, large: &large)
    }

    /// The lookups, the refused records' names sorted into lists of their own.
    func finish() -> NodeLookups {
        guard !large.isEmpty else { return self }
        var done = self
        for (record, names) in large {
            let sorted = FieldNames(sorted: names.sorted())
            if done.head == record { done.headNames = sorted }
            if let at = done.few.firstIndex(where: { $0.record == record }) { done.few[at].names = sorted }
            if done.many[record] != nil { done.many[record] = sorted }
        }
        done.large = [:]
        return done
    }

    /// Where `record`'s entry is (`atHead`, or its position in `few`), made when it has none;
    /// moves every entry to `many` when that makes more than `scanned`.
    private mutating func entry(for record: CacheKey) -> Int {
        guard let head else {
            head = record
            return Self.atHead
        }
        if head == record { return Self.atHead }
        if last < few.count, few[last].record == record { return last }
        if let found = few.firstIndex(where: { $0.record == record }) {
            last = found
            return found
        }
        guard 1 + few.count < Self.scanned else {
            many.reserveCapacity(Self.scanned * 4)
            many[head] = headNames
            for entry in few { many[entry.record] = entry.names }
            self.head = nil
            headNames = FieldNames.empty
            few = []
            return 0
        }
        few.append((record, FieldNames.empty))
        last = few.count - 1
        return last
    }

    private static func add(_ name: String, _ record: CacheKey, to names: inout FieldNames,
                            interner: inout FieldNamesInterner, large: inout [CacheKey: Set<String>]) {
        if names === overflow {
            large[record, default: []].insert(name)
            return
        }
        let (index, found) = names.position(of: name)
        if found { return }
        if let next = interner.adding(name, at: index, to: names) {
            names = next
        } else {
            large[record] = Set(names.sorted + [name])
            names = overflow
        }
    }
}
