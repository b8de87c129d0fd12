/// Collects field keys one at a time into `FieldDependencies`, as a read looks them up.
///
/// Each record's names are an interned `FieldNames`: adding a name moves the record from one
/// list to the next through a table of transitions (list, name) -> list, so the 100,000 items
/// of a long list, read through the same selections, pass through the same few lists and end
/// up sharing one. A key already held costs a lookup of its record and a binary search; a new
/// one also a lookup in the transition table, never a copy of the names.
///
/// Interning stops where it would not pay: a record with more than `internedLimit` names (one
/// record of 100,000 fields) keeps its own set, as does every record once the table holds
/// `transitionLimit` transitions.
struct FieldDependencyBuilder {
    private struct Transition: Hashable {
        let from: ObjectIdentifier
        let name: String
    }

    /// Names of a record beyond which it keeps its own set instead of an interned list.
    static let internedLimit = 64
    /// Transitions kept; past them, records keep their own sets.
    static let transitionLimit = 16_384

    private var groups: [CacheKey: FieldNames] = [:]
    /// Records that keep their own set (marked `overflow` in `groups`).
    private var large: [CacheKey: Set<String>] = [:]
    private var transitions: [Transition: FieldNames] = [:]
    /// The last transitions taken, found by the list's address and the name's length before
    /// the table (hashing the name was most of a key's cost: each item of a list takes the same
    /// few transitions, one after another).
    private var recent = [(from: ObjectIdentifier, name: String, to: FieldNames)?](repeating: nil, count: recentSlots)
    private static let recentSlots = 64
    /// Lists made so far by content, so that two ways of reaching the same names meet.
    private var lists: [[String]: FieldNames] = [:]
    private var count = 0

    /// Marks a record whose names are in `large`.
    private static let overflow = FieldNames(sorted: [])

    /// Adds `record.name`.
    mutating func insert(_ name: String, of record: CacheKey) {
        Self.add(name, record, to: &groups[record, default: FieldNames.empty], transitions: &transitions,
                 recent: &recent, lists: &lists, large: &large, count: &count)
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
                            transitions: inout [Transition: FieldNames],
                            recent: inout [(from: ObjectIdentifier, name: String, to: FieldNames)?],
                            lists: inout [[String]: FieldNames],
                            large: inout [CacheKey: Set<String>], count: inout Int) {
        if names === overflow {
            if large[record, default: []].insert(name).inserted { count += 1 }
            return
        }
        let (index, found) = names.position(of: name)
        if found { return }
        count += 1
        let from = ObjectIdentifier(names)
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: from) >> 4 &+ UInt(name.utf8.count) &* 31) & UInt(recentSlots - 1))
        if let hit = recent[slot], hit.from == from, hit.name == name {
            names = hit.to
            return
        }
        let transition = Transition(from: from, name: name)
        if let next = transitions[transition] {
            recent[slot] = (from, name, next)
            names = next
            return
        }
        guard names.count < internedLimit, transitions.count < transitionLimit else {
            large[record] = Set(names.sorted + [name])
            names = overflow
            return
        }
        var sorted = names.sorted
        sorted.insert(name, at: index)
        let next = lists[sorted] ?? FieldNames(sorted: sorted)
        lists[sorted] = next
        transitions[transition] = next
        recent[slot] = (from, name, next)
        names = next
    }
}
