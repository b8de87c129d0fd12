import GraphQLCache

/// One pass over the records for `:sizes`: the typenames by bytes (`SizeCensus`), and each
/// typename's largest records, so that Enter on a typename and Backspace back to them read
/// nothing again (each was a pass over every record: on ten million, half a minute apiece).
struct SizesScan {
    private var census = SizeCensus(grouping: .typename, largest: 0)
    private var largest: [String: LargestOfGroup] = [:]
    private let limit: Int

    /// A scan keeping the `limit` largest records of each typename.
    init(limit: Int) {
        self.limit = limit
    }

    /// Counts `record` (its key and its record JSON).
    mutating func add(_ record: Record) {
        let json = RecordJSON.encode(record.fields).count
        census.add(record, jsonBytes: json)
        let group = record.typename ?? (record.key.isRoot ? record.key.rawValue : "(none)")
        largest[group, default: LargestOfGroup(limit: limit)].offer(record.key, bytes: record.key.rawValue.utf8.count + json)
    }

    /// The typenames, largest first, with their records drilled into; nil when there are none.
    func list() -> SizesList? {
        let rows = census.groups.map { SizesList.Row(name: $0.name, records: $0.records, bytes: $0.bytes, key: nil) }
        guard !rows.isEmpty else { return nil }
        let records = largest.mapValues { $0.rows }
        return SizesList(groups: rows, records: records, totalRecords: census.records, totalBytes: census.bytes)
    }
}

/// The largest records of one group, largest first (ties by key): candidates are gathered
/// and cut back to `limit` each time they reach twice that, and a record that cannot make
/// the cut makes no row.
private struct LargestOfGroup {
    let limit: Int
    private var candidates: [SizesList.Row] = []
    /// The smallest kept after the last cut, once `limit` are kept: below it nothing enters.
    private var floor: (bytes: Int, name: String)?

    init(limit: Int) {
        self.limit = limit
    }

    mutating func offer(_ key: CacheKey, bytes: Int) {
        if let floor, bytes < floor.bytes || (bytes == floor.bytes && key.rawValue > floor.name) { return }
        candidates.append(SizesList.Row(name: key.rawValue, records: 1, bytes: bytes, key: key))
        if candidates.count >= 2 * max(limit, 1) { cut() }
    }

    var rows: [SizesList.Row] {
        var kept = self
        kept.cut()
        return kept.candidates
    }

    private mutating func cut() {
        candidates.sort { ($0.bytes, $1.name) > ($1.bytes, $0.name) }
        if candidates.count > limit { candidates.removeLast(candidates.count - limit) }
        if candidates.count == limit, let last = candidates.last { floor = (last.bytes, last.name) }
    }
}
