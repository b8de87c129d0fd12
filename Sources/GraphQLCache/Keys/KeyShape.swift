/// How keys and field keys are shaped, for diagnoses and scalar checks (never used to read or
/// write): which keys are response paths, what typename an id or a root stands for.
package enum KeyShape {
    /// Whether a record key is a response path (`QUERY_ROOT.hero`, `Droid:2001.friends.0`)
    /// rather than a cache id: it continues a root, or a `Type:id`, with a `.`. (An id that itself
    /// holds a `.`, such as an e-mail address, reads as a path: diagnoses may then say too much,
    /// never too little.)
    public static func isPathKey(_ key: CacheKey) -> Bool {
        var text = key.rawValue
        return text.withUTF8 { bytes in
            // Searched as UTF-8 (`:` and `.` are ASCII): lint and the census ask this of every
            // record, and the `String` views' generic searches were a tenth of a lint.
            if startsWithRootPath(bytes) { return true }
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
                  let dot = bytes[colon...].firstIndex(of: UInt8(ascii: ".")), dot + 1 < bytes.count else { return false }
            let typename = UnsafeBufferPointer(rebasing: bytes[..<colon])
            if typename.allSatisfy({ $0 < 0x80 }) {
                return typename.allSatisfy { byte in
                    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                        || byte == UInt8(ascii: "_")
                }
            }
            return String(decoding: typename, as: UTF8.self).allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
        }
    }

    /// Whether `bytes` start with `QUERY_ROOT.`, `MUTATION_ROOT.` or `SUBSCRIPTION_ROOT.`.
    private static func startsWithRootPath(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func starts(_ prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard bytes.count >= count else { return false }
            for offset in 0..<count where bytes[offset] != prefix.utf8Start[offset] { return false }
            return true
        }
        switch bytes.first {
        case UInt8(ascii: "Q"): return starts("QUERY_ROOT.")
        case UInt8(ascii: "M"): return starts("MUTATION_ROOT.")
        case UInt8(ascii: "S"): return starts("SUBSCRIPTION_ROOT.")
        default: return false
        }
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
