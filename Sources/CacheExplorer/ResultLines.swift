import GraphQLCache

/// A query result as short indented lines for the watches pane: `name: "R2-D2"`, objects
/// opened below their field, lists counted.
enum ResultLines {
    static func lines(_ data: JSONObject?, limit: Int = 200) -> [String] {
        guard let data else { return ["(no data)"] }
        var lines: [String] = []
        append(data, indent: "", into: &lines, limit: limit)
        return lines
    }

    private static func append(_ object: JSONObject, indent: String, into lines: inout [String], limit: Int) {
        for (name, value) in object where lines.count < limit {
            append(value, label: name, indent: indent, into: &lines, limit: limit)
        }
    }

    private static func append(_ value: JSONValue, label: String, indent: String, into lines: inout [String], limit: Int) {
        switch value {
        case .object(let object):
            lines.append("\(indent)\(label):")
            append(object, indent: indent + "  ", into: &lines, limit: limit)
        case .array(let items):
            if items.allSatisfy({ $0.objectValue == nil && $0.arrayValue == nil }) {
                lines.append("\(indent)\(label): \(value.jsonText)")
                return
            }
            lines.append("\(indent)\(label): [\(items.count)]")
            for (index, item) in items.enumerated() where lines.count < limit {
                append(item, label: "[\(index)]", indent: indent + "  ", into: &lines, limit: limit)
            }
        default:
            lines.append("\(indent)\(label): \(value.jsonText)")
        }
    }
}
