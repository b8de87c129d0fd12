import GraphQLCache

/// `duplicateEntity`: path-keyed records that carry their key fields are the same object as the
/// record under that cache id, or as each other; a finding per type when their values differ.
extension CacheLint {
    func duplicates(_ state: LintScan, source: any RecordSource) throws -> [LintFinding] {
        var byID: [CacheKey: [CacheKey]] = [:]
        var typenames: [CacheKey: String] = [:]
        for candidate in state.candidates {
            byID[candidate.id, default: []].append(candidate.path)
            typenames[candidate.id] = candidate.typename
        }
        let groups = byID.compactMap { id, paths -> [CacheKey]? in
            let members = (state.graph.hasRow(id) ? [id] : []) + paths.sorted()
            return members.count > 1 ? members : nil
        }.sorted { $0[0] < $1[0] }
        var differing: [String: (count: Int, keys: [CacheKey], example: String)] = [:]
        for batch in stride(from: 0, to: groups.count, by: 200).map({ Array(groups[$0..<min($0 + 200, groups.count)]) }) {
            let loaded = try source.loadRecords(forKeys: Set(batch.joined()))
            for members in batch {
                let records = members.compactMap { loaded[$0] }
                guard records.count > 1 else { continue }
                let fields = Set(records.dropFirst().flatMap { EntityComparison.differingFields(records[0], $0) }).sorted()
                guard !fields.isEmpty, let typename = records[0].typename else { continue }
                var entry = differing[typename] ?? (0, [], "")
                entry.count += 1
                if entry.keys.count < LintFinding.keyLimit { entry.keys += members }
                if entry.example.isEmpty {
                    entry.example = members.map(\.rawValue).joined(separator: " and ") + " differ in " + fields.joined(separator: ", ")
                }
                differing[typename] = entry
            }
        }
        return differing.sorted { $0.key < $1.key }.map { typename, entry in
            LintFinding(kind: .duplicateEntity,
                        message: "\(MissGroup.number(entry.count)) \(typename) object(s) are stored under several keys with values that differ; e.g. \(entry.example).",
                        keys: entry.keys, count: entry.count,
                        suggestion: "give \(typename) a cache id (@typePolicy, or select its key fields) so every query writes one record")
        }
    }
}
