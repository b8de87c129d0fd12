import GraphQLCache

/// A record as Apollo iOS stores it (the `record` column: field key to value, references as
/// `{"$reference":"KEY"}`), laid out to be read: one member per line, indented by two, fields
/// in key order as `RecordJSON.encode` writes them. Scalars and strings are written by the
/// library's own writer, so the text is the stored JSON, only spaced out.
enum PrettyRecordJSON {
    /// The fields as an indented JSON object.
    static func text(_ fields: [String: CacheValue]) -> String {
        var out = ""
        writeObject(fields, indent: "", into: &out)
        return out
    }

    /// One value, indented as it would be at `indent` (lists and objects over several lines).
    static func text(_ value: CacheValue, indent: String = "") -> String {
        var out = ""
        write(value, indent: indent, into: &out)
        return out
    }

    private static func write(_ value: CacheValue, indent: String, into out: inout String) {
        switch value {
        case .list(let items) where !items.isEmpty:
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += indent + "  "
                write(item, indent: indent + "  ", into: &out)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let members) where !members.isEmpty:
            writeObject(members, indent: indent, into: &out)
        case .reference(let key):
            out += "{\"$reference\": " + compact(.string(key.rawValue)) + "}"
        default:
            out += compact(value)
        }
    }

    private static func writeObject(_ members: [String: CacheValue], indent: String, into out: inout String) {
        guard !members.isEmpty else { out += "{}"; return }
        out += "{\n"
        let names = members.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        for (index, name) in names.enumerated() {
            out += indent + "  " + compact(.string(name)) + ": "
            write(members[name] ?? .null, indent: indent + "  ", into: &out)
            out += index == names.count - 1 ? "\n" : ",\n"
        }
        out += indent + "}"
    }

    /// A scalar (or an empty list or object) as the library writes it.
    private static func compact(_ value: CacheValue) -> String {
        var writer = JSONWriter()
        RecordJSON.write(value, to: &writer)
        return writer.string
    }
}
