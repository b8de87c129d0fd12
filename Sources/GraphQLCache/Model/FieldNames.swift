/// The field keys a read looked up on one record (`name`, `hero(episode:JEDI)`), sorted and
/// distinct: one group of `FieldDependencies`.
///
/// A reference, so that the 100,000 records of a long list read through the same selections
/// share one list instead of holding 100,000 equal arrays (`FieldDependencyBuilder` interns
/// them); equal when they hold the same names.
final class FieldNames: Sendable, Hashable {
    /// The names, sorted (by `String`'s `<`) and distinct.
    let sorted: [String]

    init(sorted: [String]) {
        self.sorted = sorted
    }

    /// No name (where a record's group starts).
    static let empty = FieldNames(sorted: [])

    var count: Int { sorted.count }

    /// Whether `name` is among the names (binary search).
    func contains(_ name: String) -> Bool {
        position(of: name).found
    }

    /// Where `name` is, or where it would go to keep the names sorted.
    func position(of name: String) -> (index: Int, found: Bool) {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            let here = sorted[middle]
            if here == name { return (middle, true) }
            if here < name { low = middle + 1 } else { high = middle }
        }
        return (low, false)
    }

    static func == (lhs: FieldNames, rhs: FieldNames) -> Bool {
        lhs === rhs || lhs.sorted == rhs.sorted
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(sorted)
    }
}
