/// The nodes of a watch's kept tree (`WatchTree`) listed under each record they looked up or
/// found absent, each with the names it looked up there: what a change of a field finds the
/// nodes to read again by, and what the tree's dependencies on a record are made of again.
///
/// Why this shape: almost every record is read by one node, so its entry holds that node
/// inline, with no array. A node of many records (the node of a list, which read the elements
/// it left out) keeps its own table by record (`NodeLookups`): it is listed once, in
/// `indexed`, and asked directly, instead of being listed again under each of its 100,000
/// records.
struct WatchTreeIndex {
    /// One node's reading of a record: its names there (nil when it only found the record
    /// absent).
    typealias Reading = (node: ReadNode, names: FieldNames?)

    private enum Entry {
        case one(ReadNode, FieldNames?)
        case many([Reading])

        var readings: [Reading] {
            switch self {
            case .one(let node, let names): [(node, names)]
            case .many(let readings): readings
            }
        }
    }

    private var entries: [CacheKey: Entry] = [:]
    /// The nodes whose lookups are kept by record (`NodeLookups.isIndexed`).
    private var indexed: [ReadNode] = []

    /// Makes room for `records` records at once (a whole tree listed by its first patch).
    mutating func reserve(records: Int) { entries.reserveCapacity(records) }

    /// Lists `node` under every record it looked up or found absent.
    ///
    /// The node's parts are read in place: a copy of its whole `Contents` retains and releases
    /// a dozen references (listing a 100,000-item tree took about 7 % less without it).
    mutating func add(_ node: ReadNode) {
        if node.contents.lookups.isIndexed {
            indexed.append(node)
        } else {
            node.contents.lookups.forEach { record, names in add((node, names), under: record) }
        }
        guard !node.contents.absent.isEmpty else { return }
        for record in node.contents.absent where node.contents.lookups.names(on: record) == nil {
            add((node, nil), under: record)
        }
    }

    /// Takes `node` from under every record it is listed under.
    mutating func remove(_ node: ReadNode) {
        if node.contents.lookups.isIndexed {
            indexed.removeAll { $0 === node }
        } else {
            node.contents.lookups.forEach { record, _ in remove(node, from: record) }
        }
        for record in node.contents.absent { remove(node, from: record) }
    }

    /// The nodes a change of `field` on `record` may change: the ones that looked it up, and
    /// the ones that found the record absent.
    func nodes(reading field: String, of record: CacheKey, into visit: (ReadNode) -> Void) {
        forEach(under: record) { node, names in
            if names?.contains(field) ?? false || node.contents.absent.contains(record) { visit(node) }
        }
    }

    /// Every node listed under `record`, with its names there.
    func forEach(under record: CacheKey, _ visit: (ReadNode, FieldNames?) -> Void) {
        switch entries[record] {
        case .one(let node, let names): visit(node, names)
        case .many(let readings): for reading in readings { visit(reading.node, reading.names) }
        case nil: break
        }
        for node in indexed {
            if let names = node.contents.lookups.names(on: record) { visit(node, names) }
        }
    }

    /// The names the nodes listed under `record` looked up there, together; nil for none.
    func names(on record: CacheKey) -> FieldNames? {
        var first: FieldNames?
        var more: [FieldNames] = []
        forEach(under: record) { _, names in
            guard let names else { return }
            if first == nil { first = names } else { more.append(names) }
        }
        guard let first, !more.isEmpty else { return first }
        return Self.union([first] + more)
    }

    /// What a tree's first read depends on and left out, made from its nodes in one walk,
    /// with no index: the index is built when a patch first needs it (`WatchTree`).
    struct FirstRead {
        private var groups: [CacheKey: FieldNames] = [:]
        /// Records more than one node looked up, with every node's names.
        private var shared: [CacheKey: [FieldNames]] = [:]
        /// What the nodes' lists left out, added up.
        private(set) var elided = ElidedCounts()

        init(nodeCount: Int) { groups.reserveCapacity(nodeCount) }

        /// Adds `node`'s lookups and counts, and its descendants'.
        mutating func add(_ node: ReadNode) {
            elided.add(node.contents.elided, sign: 1)
            node.contents.lookups.forEach { record, names in
                guard names.count > 0 else { return }
                if let other = groups.updateValue(names, forKey: record) { shared[record, default: [other]].append(names) }
            }
            for child in node.contents.children { add(child) }
        }

        /// The nodes' lookups together.
        func dependencies() -> FieldDependencies {
            var groups = groups
            for (record, names) in shared { groups[record] = WatchTreeIndex.union(names) }
            return FieldDependencies(groups: groups)
        }
    }

    private static func union(_ names: [FieldNames]) -> FieldNames {
        FieldNames(sorted: Set(names.flatMap(\.sorted)).sorted())
    }

    private mutating func add(_ reading: Reading, under record: CacheKey) {
        Self.append(reading, to: &entries[record, default: .many([])])
    }

    /// Adds `reading` to a record's entry changed in place (one hash of the record, where a
    /// lookup then a store took two); `.many([])` is the entry of a record not listed yet.
    private static func append(_ reading: Reading, to entry: inout Entry) {
        switch entry {
        case .many(let readings) where readings.isEmpty: entry = .one(reading.node, reading.names)
        case .one(let node, let names): entry = .many([(node, names), reading])
        case .many(var readings):
            entry = .many([])   // the array is then the only reference: appended in place
            readings.append(reading)
            entry = .many(readings)
        }
    }

    private mutating func remove(_ node: ReadNode, from record: CacheKey) {
        guard let entry = entries[record] else { return }
        var readings = entry.readings
        readings.removeAll { $0.node === node }
        switch readings.count {
        case 0: entries[record] = nil
        case 1: entries[record] = .one(readings[0].node, readings[0].names)
        default: entries[record] = .many(readings)
        }
    }
}
