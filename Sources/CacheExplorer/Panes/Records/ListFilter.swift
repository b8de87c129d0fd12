import GraphQLCache

/// What the record list's filter text asks for, as k9s and VisiData read a filter: a plain text
/// is a case-insensitive substring of the key (the backend pages those itself, over a million
/// keys), `type:Human` keeps the records of one typename, `re:^Item:1\d$` the keys a regular
/// expression finds. Parsed once per edit of the filter; a bad regular expression is refused
/// with the parser's own words, so the status line can say what is wrong and where.
package enum ListFilter: Hashable, Sendable {
    /// No filter: every key.
    case all
    /// Keys containing the text, case-insensitively.
    case substring(String)
    /// Records whose `__typename` is the name (case-insensitively).
    case typename(String)
    /// Keys in which the pattern finds a match (anchor it with `^`/`$` for a whole key).
    case regex(String)

    /// The prefix that makes a filter a typename filter.
    package static let typenamePrefix = "type:"
    /// The prefix that makes a filter a regular expression.
    package static let regexPrefix = "re:"

    /// Reads a filter text; throws `ExplorerError.invalid` naming the problem of a bad regex.
    package static func parse(_ text: String) throws -> ListFilter {
        if text.isEmpty { return .all }
        if text.hasPrefix(typenamePrefix) {
            let name = String(text.dropFirst(typenamePrefix.count)).trimmed
            return name.isEmpty ? .all : .typename(name)
        }
        if text.hasPrefix(regexPrefix) {
            let pattern = String(text.dropFirst(regexPrefix.count))
            if pattern.isEmpty { return .all }
            do {
                _ = try Regex(pattern)
            } catch {
                throw ExplorerError.invalid("bad regular expression \(pattern): \(error)")
            }
            return .regex(pattern)
        }
        return .substring(text)
    }

    /// Whether the backend's key paging answers this filter by itself (a substring, or none).
    package var isPagedByBackend: Bool {
        switch self {
        case .all, .substring: return true
        case .typename, .regex: return false
        }
    }

    /// The substring the backend filters keys by, if any.
    package var substring: String? {
        if case .substring(let text) = self { return text }
        return nil
    }

    /// Whether `key` passes the key part of the filter (a typename is decided on the record).
    func matchesKey(_ key: CacheKey, regex: Regex<AnyRegexOutput>?) -> Bool {
        switch self {
        case .all, .typename: return true
        case .substring(let text): return KeyPattern(text).matches(key)
        case .regex: return regex.map { key.rawValue.contains($0) } ?? true
        }
    }

    /// Whether a record of `typename` passes.
    func matchesTypename(_ typename: String?) -> Bool {
        guard case .typename(let name) = self else { return true }
        return typename?.lowercased() == name.lowercased()
    }
}
