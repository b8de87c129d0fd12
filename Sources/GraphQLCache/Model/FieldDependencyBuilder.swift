/// Collects field keys one at a time into `FieldDependencies`, as a read looks them up.
///
/// Each record's names are an interned `FieldNames` (`FieldNamesInterner`): adding a name
/// moves the record from one list to the next, so the 100,000 items of a long list, read
/// through the same selections, pass through the same few lists and end up sharing one. A key
/// already held costs a lookup of its record and a binary search; a new one also a transition,
/// never a copy of the names. A record the interner refuses (one of 100,000 fields) keeps its
/// own set.
struct FieldDependencyBuilder {
    /// Names of a record beyond which it keeps its own set instead of an interned list.
    static let internedLimit = FieldNamesInterner.internedLimit
    /// Transitions kept; past them, records keep their own sets.
    static let transitionLimit = FieldNamesInterner.transitionLimit

    private var groups: [CacheKey: FieldNames] = [:]
    /// Records that keep their own set (marked `overflow` in `groups`).
    private var large: [CacheKey: Set<String>] = [:]
    private var interner = FieldNamesInterner()
    private var count = 0

    /// Marks a record whose names are in `large`.
    private static let overflow = FieldNames(sorted: [])

    /// Adds `record.name`.
    mutating func insert(_ name: String, of record: CacheKey) {
        Self.add(name, record, to: &groups[record, default: FieldNames.empty], interner: &interner, large: &large,
                 count: &count)
    }

    /// The keys added so far.
    func finish() -> FieldDependencies {
        var groups = groups
        for (record, names) in large { groups[record] = FieldNames(sorted: names.sorted()) }
        return FieldDependencies(groups: groups, count: count)
    }

    // Static, with each part passed `inout`: the record's entry is changed in place (one hash
    // of its key) while the tables beside it change too.
    private static func add(_ name: String, _ record: CacheKey, to names: inout FieldNames,
                            interner: inout FieldNamesInterner, large: inout [CacheKey: Set<String>],
                            count: inout Int) {
        if names === overflow {
            if large[record, default: []].insert(name).inserted { count += 1 }
            return
        }
        let (index, found) = names.position(of: name)
        if found { return }
        count += 1
        if let next = interner.adding(name, at: index, to: names) {
            names = next
        } else {
            large[record] = Set(names.sorted + [name])
            names = overflow
        }
    }
}
