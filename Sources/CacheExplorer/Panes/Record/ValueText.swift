import GraphQLCache

/// How values read on screen: typed text with a role per segment (`"R2-D2"` green, `42`
/// yellow, `→ Droid:2001` as a link, `[3] …` collapsed lists).
enum ValueText {
    /// The value as one plain string, for matching.
    static func plain(_ value: CacheValue) -> String {
        segments(value, dangling: false, expanded: false).map(\.0).joined()
    }

    /// Display segments for a record-view row.
    static func segments(_ value: CacheValue, dangling: Bool, expanded: Bool) -> [(String, StyleRole)] {
        switch value {
        case .null: return [("null", .valueNull)]
        case .bool(let v): return [(v ? "true" : "false", .valueBool)]
        case .int(let v): return [(String(v), .valueNumber)]
        case .double(let v): return [(doubleText(v), .valueNumber)]
        case .string(let v): return [(quoted(v), .valueString)]
        case .reference(let key):
            return dangling ? [("→ \(key.rawValue) (dangling)", .valueDangling)] : [("→ \(key.rawValue)", .valueReference)]
        case .list(let items):
            let marker = expanded ? "▾" : "▸"
            let head = ("\(marker) [\(items.count)]", StyleRole.valueList)
            guard !expanded, !items.isEmpty else { return [head] }
            return [head, (" " + items.prefix(4).map(brief).joined(separator: ", ") + (items.count > 4 ? ", …" : ""), .textDim)]
        case .object(let members):
            let marker = expanded ? "▾" : "▸"
            let head = ("\(marker) {\(members.count)}", StyleRole.valueList)
            guard !expanded, !members.isEmpty else { return [head] }
            return [head, (" " + members.keys.sorted().prefix(4).joined(separator: ", ") + (members.count > 4 ? ", …" : ""), .textDim)]
        }
    }

    /// A short form for list previews.
    static func brief(_ value: CacheValue) -> String {
        switch value {
        case .reference(let key): return "→ \(key.rawValue)"
        case .list(let items): return "[\(items.count)]"
        case .object(let members): return "{\(members.count)}"
        default: return segments(value, dangling: false, expanded: false).map(\.0).joined()
        }
    }

    /// A double as typed: `1.0`, not `1`, so ints and doubles look different.
    static func doubleText(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) + ".0" }
        return String(value)
    }

    /// A string in double quotes with controls and quotes escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if ControlText.isControl(scalar) { out += ControlText.spelling(scalar) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }

    /// The edit kind and starting text for editing `value`.
    static func editStart(_ value: CacheValue) -> (EditKind, String) {
        switch value {
        case .null: return (.null, "")
        case .bool(let v): return (.bool, v ? "true" : "false")
        case .int(let v): return (.int, String(v))
        case .double(let v): return (.float, doubleText(v))
        case .string(let v): return (.string, v)
        case .reference(let key): return (.reference, key.rawValue)
        case .list, .object:
            var writer = JSONWriter()
            RecordJSON.write(value, to: &writer)
            return (.json, writer.string)
        }
    }
}
