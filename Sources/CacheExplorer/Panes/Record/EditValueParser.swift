import GraphQLCache

/// Turns what was typed in the edit dialog into a value of the chosen kind, or says exactly
/// why it cannot (`"12x" is not an integer`). References must name an existing record.
struct EditValueParser {
    /// Whether a record exists, for references.
    let recordExists: (CacheKey) throws -> Bool

    func parse(_ text: String, as kind: EditKind) throws -> CacheValue {
        switch kind {
        case .string: return .string(text)
        case .int:
            guard let value = Int(text.trimmed) else { throw ExplorerError.invalid("\"\(text)\" is not an integer") }
            return .int(value)
        case .float:
            guard let value = Double(text.trimmed), value.isFinite else { throw ExplorerError.invalid("\"\(text)\" is not a number") }
            return .double(value)
        case .bool:
            switch text.trimmed.lowercased() {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: throw ExplorerError.invalid("\"\(text)\" is not true or false")
            }
        case .null: return .null
        case .reference: return try reference(text.trimmed)
        case .json: return try json(text)
        }
    }

    private func reference(_ text: String) throws -> CacheValue {
        guard !text.isEmpty else { throw ExplorerError.invalid("a reference needs a record key") }
        let key = CacheKey(text)
        guard try recordExists(key) else { throw ExplorerError.invalid("no record \"\(text)\" to refer to") }
        return .reference(key)
    }

    private func json(_ text: String) throws -> CacheValue {
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch {
            throw ExplorerError.invalid("not JSON: \(error.description)")
        }
        guard value.arrayValue != nil || value.objectValue != nil else {
            throw ExplorerError.invalid("JSON edits are for lists and objects; pick the \(value.kindName) kind with Tab")
        }
        do { return try RecordJSON.cacheValue(from: value, context: "edit") } catch {
            throw ExplorerError.invalid(error.brokenRecord?.reason ?? error.description)
        }
    }
}
