/// How keys and field keys are shaped, for diagnoses and scalar checks (never used to read or
/// write): which keys are response paths, what typename an id or a root stands for.
package enum KeyShape {
    /// Whether a record key is a response path (`QUERY_ROOT.hero`, `Droid:2001.friends.0`)
    /// rather than a cache id: it continues a root, or a `Type:id`, with a `.`. (An id that itself
    /// holds a `.`, such as an e-mail address, reads as a path: diagnoses may then say too much,
    /// never too little.)
    public static func isPathKey(_ key: CacheKey) -> Bool {
        let text = key.rawValue
        for root in ["QUERY_ROOT.", "MUTATION_ROOT.", "SUBSCRIPTION_ROOT."] where text.utf8.starts(with: root.utf8) { return true }
        // Searched as UTF-8 (`:` and `.` are ASCII): a census asks this of every record.
        let utf8 = text.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")),
              let dot = utf8[colon...].firstIndex(of: UInt8(ascii: ".")) else { return false }
        let typename = text[..<colon]
        return !typename.isEmpty && typename.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
            && utf8.index(after: dot) < utf8.endIndex
    }

    /// The field name of a field key: `human` for `human(id:1000)`.
    public static func fieldName(of fieldKey: String) -> String {
        guard let paren = fieldKey.utf8.firstIndex(of: UInt8(ascii: "(")) else { return fieldKey }
        return String(fieldKey[..<paren])
    }

    /// The typename part of a cache id (`Droid` for `Droid:2001`); nil for roots and paths.
    public static func idTypename(_ key: CacheKey) -> String? {
        guard !key.isRoot, !isPathKey(key), let colon = key.rawValue.firstIndex(of: ":") else { return nil }
        return String(key.rawValue[..<colon])
    }

    /// The operation type a root record holds (roots are stored without `__typename`).
    public static func rootTypename(_ key: CacheKey) -> String? {
        switch key {
        case .queryRoot: return "Query"
        case .mutationRoot: return "Mutation"
        case .subscriptionRoot: return "Subscription"
        default: return nil
        }
    }
}
