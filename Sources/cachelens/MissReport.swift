import GraphQLCache

/// Cache misses as people read them: where the read stopped, why, and what was there instead.
enum MissReport {
    /// Every miss, one block each, after a count.
    static func text(_ misses: [CacheMiss]) -> String {
        var lines = ["cache miss: \(misses.count) field(s) not in the cache"]
        for miss in misses { lines += block(miss) }
        lines.append("(--explain prints the partial data, the misses and the dependent keys as JSON)")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One miss as indented `name: value` lines.
    static func block(_ miss: CacheMiss) -> [String] {
        let path = miss.path.map(\.description).joined(separator: ".")
        var lines = [
            "",
            "  path:        \(path.isEmpty ? "(the root)" : path)",
            "  record key:  \(miss.recordKey.rawValue)",
            "  field key:   \(miss.fieldKey ?? "(none)")",
            "  reason:      \(miss.reason.rawValue): \(explanation(miss))",
        ]
        if let reference = miss.reference { lines.append("  reference:   \(reference.rawValue) (absent)") }
        let near = miss.nearMisses.isEmpty ? "(none)" : miss.nearMisses.joined(separator: ", ")
        lines.append("  near misses: \(near)")
        return lines
    }

    private static func explanation(_ miss: CacheMiss) -> String {
        switch miss.reason {
        case .missingRecord: return "the record \(miss.recordKey.rawValue) is not in the cache"
        case .missingField: return "the record has no field with this key"
        case .danglingReference: return "the field points at a record that is not in the cache"
        case .nullValue: return "the field is null but the schema says non-null"
        case .wrongType: return "the stored value does not have the shape the selection needs"
        }
    }
}
