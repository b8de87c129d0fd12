import GraphQLCache

/// A miss group as one line people read, most useful words first.
extension MissGroup {
    /// `items[*].description — missingField on 100,000 of 100,000 Item records; e.g. Item:0`,
    /// or for a single miss what exactly is missing where.
    public var summary: String {
        "\(pathText) — \(reason.rawValue)" + (count == 1 && total == 1 ? ": " + Self.detail(example) : countText)
    }

    private var countText: String {
        let type = example.context.typename.map { " \($0)" } ?? ""
        let what: String
        switch reason {
        case .missingField, .nullValue, .wrongType: what = "\(type) record\(total == 1 ? "" : "s")"
        case .danglingReference: what = " reference\(total == 1 ? "" : "s")"
        case .missingRecord: what = " read\(total == 1 ? "" : "s")"
        }
        return " on \(Self.number(count)) of \(Self.number(total))\(what); e.g. " + Self.detail(example)
    }

    /// What one miss found, in words: `Droid:2001 has no appearsIn`.
    public static func detail(_ miss: CacheMiss) -> String {
        let key = miss.recordKey.rawValue
        let field = miss.fieldKey ?? ""
        switch miss.reason {
        case .missingRecord:
            return "\(key) is not in the cache"
        case .missingField:
            return "\(key) has no \(field)"
        case .danglingReference where miss.context.viaFieldPolicy:
            let target = miss.reference?.rawValue ?? "?"
            return "\(field) resolves by @fieldPolicy to \(target), which is not in the cache"
        case .danglingReference:
            return "\(key).\(field) points at \(miss.reference?.rawValue ?? "?"), which is not in the cache"
        case .nullValue:
            return "\(key).\(field) is null but the schema says \(miss.context.declaredType ?? "non-null")"
        case .wrongType:
            guard let found = miss.context.foundValue else {
                return "\(key).\(field) holds a value of the wrong shape for the selection"
            }
            let type = miss.context.declaredType.map { ", which does not fit \($0)" } ?? ", the wrong shape for the selection"
            return "\(key).\(field) holds \(Self.clipped(found))\(type)"
        }
    }

    /// `100,000`: counts people read at a glance.
    public static func number(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }

    private static func clipped(_ text: String) -> String {
        text.count <= 60 ? text : String(text.prefix(57)) + "..."
    }
}
