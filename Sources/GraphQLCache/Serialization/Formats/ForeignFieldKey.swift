/// Field keys of the formats whose arguments are JSON (Apollo Kotlin, Apollo Client), spelled
/// the way Apollo iOS spells them, so that one reader answers queries over every format.
///
/// Apollo Kotlin's `CompiledField.nameWithArguments` writes `hero({"episode":"JEDI"})` (the
/// arguments as a JSON object, keys sorted by `resolveVariables`); Apollo Client's
/// `getStoreKeyName` writes the same shape with `canonicalStringify` (keys sorted). Apollo iOS
/// writes `hero(episode:JEDI)` (`FieldKeyFormatter`). Anything after the closing parenthesis
/// (Apollo Client's `@directive(...)` suffixes) and any key that does not parse stay as they are.
package enum ForeignFieldKey {
    /// The Apollo iOS spelling of `key`, or `key` itself when it has no JSON arguments.
    package static func iOSKey(_ key: String) -> String {
        guard let open = key.firstIndex(of: "("), key.index(after: open) < key.endIndex,
              key[key.index(after: open)] == "{" else { return key }
        guard let close = closingParenthesis(in: key, from: open) else { return key }
        let json = key[key.index(after: open)..<close]
        guard let value = try? JSONParser.parse(Array(json.utf8), builder: JSONValueBuilder()),
              case .object(let arguments) = value else { return key }
        let name = String(key[..<open])
        let rest = String(key[key.index(after: close)...])
        let inner = FieldKeyFormatter.orderIndependentKey(arguments.map { ($0.key, $0.value) })
        return (inner.isEmpty ? name : name + "(" + inner + ")") + rest
    }

    /// The `)` that closes the argument list opened at `open`, skipping JSON strings.
    private static func closingParenthesis(in key: String, from open: String.Index) -> String.Index? {
        var depth = 0
        var inString = false
        var escaped = false
        var index = open
        while index < key.endIndex {
            let character = key[index]
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
            } else if character == "\"" {
                inString = true
            } else if character == "(" {
                depth += 1
            } else if character == ")" {
                depth -= 1
                if depth == 0 { return index }
            }
            index = key.index(after: index)
        }
        return nil
    }
}
