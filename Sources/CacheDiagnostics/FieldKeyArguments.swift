import GraphQLCache

/// Arguments of printed field keys (`hero(episode:JEDI,first:2)`), compared for diagnoses.
enum FieldKeyArguments {
    /// The names of arguments whose values differ between two keys of the same field (an
    /// argument only one of them has differs too).
    static func differing(_ lhs: String, _ rhs: String) -> [String] {
        let left = pairs(lhs), right = pairs(rhs)
        return Set(left.keys).union(right.keys).filter { left[$0] != right[$0] }.sorted()
    }

    /// `name:value` pairs split at top-level commas (values may hold `[…]` with commas).
    static func pairs(_ fieldKey: String) -> [String: String] {
        guard let open = fieldKey.firstIndex(of: "("), fieldKey.hasSuffix(")") else { return [:] }
        let inner = fieldKey[fieldKey.index(after: open)..<fieldKey.index(before: fieldKey.endIndex)]
        var result: [String: String] = [:]
        var depth = 0
        var current = ""
        for character in inner + "," {
            if character == "[" { depth += 1 } else if character == "]" { depth -= 1 }
            if character == ",", depth == 0 {
                if let colon = current.firstIndex(of: ":") {
                    result[String(current[..<colon])] = String(current[current.index(after: colon)...])
                }
                current = ""
            } else {
                current.append(character)
            }
        }
        return result
    }

    /// A value as it prints inside a cache id, escaped (nil for values that make no id).
    static func keyText(_ value: JSONValue) -> String? {
        KeyFieldValue.text(value).map(KeyFieldValue.escape)
    }
}

/// Fields two records of one object disagree on.
enum EntityComparison {
    /// Field keys both records hold with different values, sorted.
    static func differingFields(_ lhs: Record, _ rhs: Record) -> [String] {
        lhs.fields.compactMap { key, value in
            guard let other = rhs.fields[key], other != value else { return nil }
            return key
        }.sorted()
    }
}
