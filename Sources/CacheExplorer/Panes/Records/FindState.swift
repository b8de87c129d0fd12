import GraphQLCache

/// `:find TEXT`: the records whose values contain the text, as the background search has found
/// them so far; `n` / `N` walk them.
package struct FindState: Hashable, Sendable {
    /// The backend's id of the search (to match its progress and to cancel it).
    package var id: Int
    package var search: ValueSearch
    /// The matching keys found so far (in key order once the search has finished).
    package var matches: [CacheKey] = []
    /// How much of the data has been searched, 0 to 1.
    package var fraction: Double = 0
    /// Whether the search has finished, or was stopped with `Esc`.
    package var isFinished = false
    /// The match `n` / `N` last went to.
    package var current: Int?

    package init(id: Int, search: ValueSearch) {
        self.id = id
        self.search = search
    }

    /// `find "Luke": 3 matches`, with how far a running search has come and the user's key
    /// that stops it.
    package func summary(keys: KeyMap) -> String {
        let count = "\(matches.count) match\(matches.count == 1 ? "" : "es")"
        let progress = isFinished ? "" : " (\(Int(fraction * 100))%, \(keys.keyName(.cancel)) stops)"
        let scope = search.field.map { "\($0)=" } ?? ""
        return "find \(scope)\"\(search.text)\": \(count)\(progress)"
    }
}
