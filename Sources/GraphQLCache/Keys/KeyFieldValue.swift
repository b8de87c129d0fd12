/// How key field values print inside a record key (`@typePolicy`, `@fieldPolicy`, field ids).
package enum KeyFieldValue {
    /// A scalar's text; nil for null, booleans, objects and lists, which cannot make an id
    /// (Apollo's `CacheKeyInfo(jsonValue:)` rejects booleans too).
    package static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
        case .null, .bool, .array, .object: return nil
        }
    }

    /// An argument's text in a `@fieldPolicy` key: as `text(_:)`, plus booleans printed
    /// `true`/`false`, as Apollo's field policies print them (`hero(isJedi: true)` -> `Hero:true`).
    static func argumentText(_ value: JSONValue) -> String? {
        if case .bool(let flag) = value { return flag ? "true" : "false" }
        return text(value)
    }

    /// Apollo's escaping of one key value: `\` becomes `\\` and `+` becomes `\+`.
    package static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "+" }) else { return text }
        var out = ""
        out.reserveCapacity(text.count + 2)
        for character in text {
            if character == "\\" || character == "+" { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
