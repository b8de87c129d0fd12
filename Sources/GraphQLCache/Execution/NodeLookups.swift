/// The field names one node of a watch's kept tree looks up, grouped by record as the read
/// goes (`Reader+Tree`): one entry per record, its names an interned `FieldNames` shared
/// through the tree's `FieldNamesInterner`.
///
/// Why: the node holding a list reads the elements it leaves out (`listElementLimit`) inline,
/// so on a 100,000-item watch it looks up about a million field keys. Kept as a flat list of
/// (record, name) pairs and grouped after, they took 40 MB and a dictionary of string arrays
/// at their peak; grouped as they come, they are one entry of 24 bytes a record, and the
/// items read through the same selections share one list of names.
struct NodeLookups {
    /// Each record's names, in the order the records were first looked up.
    private(set) var entries: [(record: CacheKey, names: FieldNames)] = []
    /// The entry looked up last (a record's fields come one after another).
    private var last = 0
    /// Each record's entry, once there are more than `scanned` (fewer are searched in turn).
    private var positions: [CacheKey: Int] = [:]
    /// Names of records the interner refused, by entry (marked `overflow` there).
    private var large: [Int: Set<String>] = [:]

    /// Entries searched one by one before they are indexed by record.
    static let scanned = 8
    /// Marks an entry whose names are in `large`.
    private static let overflow = FieldNames(sorted: [])

    /// Adds `name` on `record`, interning the record's names through `interner`.
    mutating func insert(_ name: String, of record: CacheKey, interner: inout FieldNamesInterner) {
        let at = entry(for: record)
        let names = entries[at].names
        if names === Self.overflow {
            large[at, default: []].insert(name)
            return
        }
        let (index, found) = names.position(of: name)
        if found { return }
        if let next = interner.adding(name, at: index, to: names) {
            entries[at].names = next
        } else {
            large[at] = Set(names.sorted + [name])
            entries[at].names = Self.overflow
        }
    }

    /// The entries, the refused records' names sorted into lists of their own.
    func finish() -> [(record: CacheKey, names: FieldNames)] {
        guard !large.isEmpty else { return entries }
        var entries = entries
        for (at, names) in large { entries[at].names = FieldNames(sorted: names.sorted()) }
        return entries
    }

    /// The position of `record`'s entry, made when it has none.
    private mutating func entry(for record: CacheKey) -> Int {
        if last < entries.count, entries[last].record == record { return last }
        if entries.count <= Self.scanned {
            if let found = entries.firstIndex(where: { $0.record == record }) {
                last = found
                return found
            }
        } else if let found = positions[record] {
            last = found
            return found
        }
        entries.append((record, FieldNames.empty))
        last = entries.count - 1
        if entries.count == Self.scanned + 1 {
            for (position, entry) in entries.enumerated() { positions[entry.record] = position }
        } else if entries.count > Self.scanned + 1 {
            positions[record] = last
        }
        return last
    }
}
