/// Replaces the values of records that may be private (`extract --anonymize`) while keeping
/// everything a read depends on: record keys and field keys, references, `__typename`, values
/// that make up the record's own key (`1000` in `Human:1000`, the key fields of a
/// `@typePolicy`), booleans, nulls and the shape of lists and objects. Equal values get equal
/// replacements, so data that was the same stays the same.
public struct Anonymizer {
    private var strings: [String: String] = [:]
    private var ints: [Int: Int] = [:]
    private var doubles: [Double: Double] = [:]

    public init() {}

    /// The record with its values replaced.
    public mutating func anonymize(_ record: Record) -> Record {
        let kept = Self.keyParts(record.key)
        var fields: [String: CacheValue] = [:]
        for (field, value) in record.fields {
            fields[field] = field == "__typename" ? value : replace(value, keeping: kept)
        }
        return Record(key: record.key, fields)
    }

    private mutating func replace(_ value: CacheValue, keeping kept: Set<String>) -> CacheValue {
        switch value {
        case .null, .bool, .reference: return value
        case .string(let text):
            if kept.contains(text) { return value }
            if let known = strings[text] { return .string(known) }
            let new = "anon-\(strings.count + 1)"
            strings[text] = new
            return .string(new)
        case .int(let number):
            if kept.contains(String(number)) { return value }
            if let known = ints[number] { return .int(known) }
            let new = ints.count + 1
            ints[number] = new
            return .int(new)
        case .double(let number):
            if let known = doubles[number] { return .double(known) }
            let new = Double(doubles.count + 1) + 0.5
            doubles[number] = new
            return .double(new)
        case .list(let items): return .list(items.map { replace($0, keeping: kept) })
        case .object(let members): return .object(members.mapValues { replace($0, keeping: kept) })
        }
    }

    /// The parts of a cache id (`Human:1000` gives `1000`; `Book:isbn+en` gives `isbn` and `en`,
    /// unescaped): values a record's key fields hold.
    static func keyParts(_ key: CacheKey) -> Set<String> {
        guard let colon = key.rawValue.firstIndex(of: ":") else { return [] }
        var parts: Set<String> = []
        var current = ""
        var escaped = false
        for character in key.rawValue[key.rawValue.index(after: colon)...] {
            if escaped { current.append(character); escaped = false }
            else if character == "\\" { escaped = true }
            else if character == "+" { parts.insert(current); current = "" }
            else { current.append(character) }
        }
        parts.insert(current)
        return parts
    }
}
