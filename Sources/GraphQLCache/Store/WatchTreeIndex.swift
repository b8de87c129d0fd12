/// The nodes of a watch's kept tree (`WatchTree`) listed under each record they looked up or
/// found absent, each with the names it looked up there: what a change of a field finds the
/// nodes to read again by, and what the tree's dependencies on a record are made of again.
///
/// Why one entry per record holding the node and its names: almost every record is read by one
/// node (an item, or the node of the list that left it out), so the entry holds that node
/// inline, with no array; the names come with it, so that a node of 100,000 records never
/// searches its own lookups for one of them.
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

    /// Lists `node` under every record it looked up or found absent.
    mutating func add(_ node: ReadNode) {
        let contents = node.contents
        if contents.lookups.count > Self.reservedFrom { entries.reserveCapacity(entries.count + contents.lookups.count) }
        for lookup in contents.lookups { add((node, lookup.names), under: lookup.record) }
        for record in contents.absent where !reads(node, record) { add((node, nil), under: record) }
    }

    /// Lookups of one node from which the table grows once for all of them.
    private static let reservedFrom = 64

    /// Takes `node` from under every record it is listed under.
    mutating func remove(_ node: ReadNode) {
        let contents = node.contents
        for lookup in contents.lookups { remove(node, from: lookup.record) }
        for record in contents.absent { remove(node, from: record) }
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
    }

    /// The names the nodes listed under `record` looked up there, together; nil for none.
    func names(on record: CacheKey) -> FieldNames? {
        switch entries[record] {
        case .one(_, let names): return names
        case .many(let readings):
            let lists = readings.compactMap(\.names)
            guard lists.count > 1 else { return lists.first }
            return FieldNames(sorted: Set(lists.flatMap(\.sorted)).sorted())
        case nil: return nil
        }
    }

    private func reads(_ node: ReadNode, _ record: CacheKey) -> Bool {
        switch entries[record] {
        case .one(let listed, _): listed === node
        case .many(let readings): readings.contains { $0.node === node }
        case nil: false
        }
    }

    private mutating func add(_ reading: Reading, under record: CacheKey) {
        switch entries[record] {
        case nil: entries[record] = .one(reading.node, reading.names)
        case .one(let node, let names): entries[record] = .many([(node, names), reading])
        case .many(var readings):
            entries[record] = nil   // the array is then the only reference: appended in place
            readings.append(reading)
            entries[record] = .many(readings)
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
