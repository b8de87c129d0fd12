import GraphQLCache

/// A query result as short lines for the watches pane, one per leaf with its path:
/// `hero.name: "R2-D2"`, `hero.friends[0].name: "Luke Skywalker"`; lists of scalars stay whole.
enum ResultLines {
    /// Lines the pane gets at most.
    static let lineLimit = 200

    static func lines(_ data: JSONObject?, limit: Int = lineLimit) -> [String] {
        guard let data else { return ["(no data)"] }
        var lines: [String] = []
        append(data, path: "", into: &lines, limit: limit)
        return lines.isEmpty ? ["{}"] : lines
    }

    private static func append(_ object: JSONObject, path: String, into lines: inout [String], limit: Int) {
        for (name, value) in object where lines.count < limit {
            append(value, path: path.isEmpty ? name : path + "." + name, into: &lines, limit: limit)
        }
    }

    private static func append(_ value: JSONValue, path: String, into lines: inout [String], limit: Int) {
        switch value {
        case .object(let object) where !object.isEmpty:
            append(object, path: path, into: &lines, limit: limit)
        case .array(let items) where items.contains(where: { $0.objectValue != nil || $0.arrayValue != nil }):
            for (index, item) in items.enumerated() where lines.count < limit {
                append(item, path: "\(path)[\(index)]", into: &lines, limit: limit)
            }
        default:
            lines.append("\(path): \(value.jsonText)")
        }
    }
}
