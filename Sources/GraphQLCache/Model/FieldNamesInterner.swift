/// Sorted lists of field names made once and shared (`FieldNames`), and the transitions
/// (list, name) -> list between them: the half of `FieldDependencyBuilder` that a watch's kept
/// tree shares across its nodes too (`NodeLookups`).
///
/// Why: the 100,000 items of a long list, read through the same selections, look up the same
/// names in the same order, so they pass through the same few lists; a record's names then
/// cost one reference instead of an array of strings, and adding a name costs a binary search
/// and a transition, never a copy of the names.
///
/// Interning stops where it would not pay: past `internedLimit` names on one record, or once
/// the table holds `transitionLimit` transitions, `adding` says nil and the caller keeps that
/// record's names in a set of its own.
struct FieldNamesInterner {
    private struct Transition: Hashable {
        let from: ObjectIdentifier
        let name: String
    }

    /// Names of a record beyond which it keeps its own set instead of an interned list.
    static let internedLimit = 64
    /// Transitions kept; past them, records keep their own sets.
    static let transitionLimit = 16_384

    private var transitions: [Transition: FieldNames] = [:]
    /// The last transitions taken, found by the list's address and the name's length before
    /// the table (hashing the name was most of a key's cost: each item of a list takes the same
    /// few transitions, one after another).
    private var recent = [(from: ObjectIdentifier, name: String, to: FieldNames)?](repeating: nil, count: recentSlots)
    private static let recentSlots = 64
    /// Lists made so far by content, so that two ways of reaching the same names meet.
    private var lists: [[String]: FieldNames] = [:]

    /// `names` with `name` added at `index` (where `names.position(of:)` says it goes, not
    /// found there), interned; nil when interning stops paying (see the type's comment).
    mutating func adding(_ name: String, at index: Int, to names: FieldNames) -> FieldNames? {
        let from = ObjectIdentifier(names)
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: from) >> 4 &+ UInt(name.utf8.count) &* 31)
            & UInt(Self.recentSlots - 1))
        if let hit = recent[slot], hit.from == from, hit.name == name { return hit.to }
        let transition = Transition(from: from, name: name)
        if let next = transitions[transition] {
            recent[slot] = (from, name, next)
            return next
        }
        guard names.count < Self.internedLimit, transitions.count < Self.transitionLimit else { return nil }
        var sorted = names.sorted
        sorted.insert(name, at: index)
        let next = lists[sorted] ?? FieldNames(sorted: sorted)
        lists[sorted] = next
        transitions[transition] = next
        recent[slot] = (from, name, next)
        return next
    }
}
