/// The order of the record list, cycled with `s` (as VisiData and k9s sort a column): by key
/// (natural order, roots first: what the backend pages), by size (largest first, to find what
/// fills a cache) or by typename (then by key).
package enum ListOrder: String, Hashable, Sendable, CaseIterable {
    case key, size, typename

    /// The next order `s` goes to.
    package var next: ListOrder {
        switch self {
        case .key: return .size
        case .size: return .typename
        case .typename: return .key
        }
    }

    /// What the list header says: `by size`.
    package var label: String {
        switch self {
        case .key: return "by key"
        case .size: return "by size"
        case .typename: return "by type"
        }
    }
}
