import GraphQLCache

/// Runs a document against the cache alone and turns the result into the query console's
/// report: the data as a tree with every field marked hit or miss (misses with record key,
/// field key, reason and near misses), and what each cache policy would do about it.
struct QueryExplainer {
    let executor: GraphQLExecutor

    func explain(document: String, variables: String?, store: CacheStore) throws -> QueryReport {
        var variableObject = JSONObject()
        if let variables, !variables.trimmed.isEmpty {
            guard let object = try JSONValue.parse(variables).objectValue else {
                throw ExplorerError.invalid("variables must be a JSON object")
            }
            variableObject = object
        }
        let operation = try executor.operation(document: document, variables: variableObject)
        let result = try store.withinReadTransaction { transaction in
            try executor.read(operation, from: TransactionRecords(transaction: transaction))
        }
        var lines: [QueryReport.Line] = []
        let missesByParent = Dictionary(grouping: result.misses) { Array($0.path.dropLast()) }
        if let data = result.data {
            appendObject(data, path: [], depth: 0, misses: missesByParent, into: &lines)
        } else {
            for miss in result.misses { lines.append(missLine(miss, depth: 0)) }
        }
        return QueryReport(lines: lines, missCount: result.misses.count, policyVerdicts: Self.verdicts(misses: result.misses.count))
    }

    private func appendObject(_ object: JSONObject, path: [PathComponent], depth: Int,
                              misses: [[PathComponent]: [CacheMiss]], into lines: inout [QueryReport.Line]) {
        for (name, value) in object where !isMissed(path + [.field(name)], misses) {
            appendValue(value, label: name, path: path + [.field(name)], depth: depth, misses: misses, into: &lines)
        }
        for miss in misses[path] ?? [] { lines.append(missLine(miss, depth: depth)) }
    }

    private func appendValue(_ value: JSONValue, label: String, path: [PathComponent], depth: Int,
                             misses: [[PathComponent]: [CacheMiss]], into lines: inout [QueryReport.Line]) {
        switch value {
        case .object(let object):
            lines.append(.init(depth: depth, text: label, status: .hit))
            appendObject(object, path: path, depth: depth + 1, misses: misses, into: &lines)
        case .array(let items):
            lines.append(.init(depth: depth, text: "\(label) [\(items.count)]", status: .hit))
            for (index, item) in items.enumerated() where !isMissed(path + [.index(index)], misses) {
                appendValue(item, label: "[\(index)]", path: path + [.index(index)], depth: depth + 1, misses: misses, into: &lines)
            }
            for miss in misses[path] ?? [] { lines.append(missLine(miss, depth: depth + 1)) }
        default:
            lines.append(.init(depth: depth, text: "\(label): \(value.jsonText)", status: .hit))
        }
    }

    /// Whether a miss stands at `path` (the reader leaves a null there; the miss line replaces it).
    private func isMissed(_ path: [PathComponent], _ misses: [[PathComponent]: [CacheMiss]]) -> Bool {
        misses[Array(path.dropLast())]?.contains { $0.path == path } ?? false
    }

    private func missLine(_ miss: CacheMiss, depth: Int) -> QueryReport.Line {
        let name: String
        switch miss.path.last {
        case .field(let field)?: name = field
        case .index(let index)?: name = "[\(index)]"
        case nil: name = "<root>"
        }
        var text = "\(name): \(miss.reason.rawValue) at \(miss.recordKey)"
        if let field = miss.fieldKey { text += " field \(field)" }
        if let reference = miss.reference { text += " → \(reference)" }
        if !miss.nearMisses.isEmpty { text += "; near misses: " + miss.nearMisses.joined(separator: ", ") }
        return .init(depth: depth, text: text, status: .miss)
    }

    /// One sentence per cache policy, given how many misses the cache read had.
    static func verdicts(misses: Int) -> [String] {
        let because = "because of \(misses) miss\(misses == 1 ? "" : "es")"
        let complete = misses == 0
        return [
            "returnCacheDataElseFetch: " + (complete ? "would return cache data, no network" : "would go to the network \(because)"),
            "returnCacheDataDontFetch: " + (complete ? "would return cache data" : "would fail with a cache miss \(because)"),
            "returnCacheDataAndFetch: " + (complete ? "would return cache data, then fetch and update it"
                : "would skip the cache \(because), then fetch"),
            "fetchIgnoringCacheData: would go to the network and write the result",
            "fetchIgnoringCacheCompletely: would go to the network, not writing the cache",
            "networkFirst: would go to the network; offline it " + (complete ? "would return cache data" : "would fail \(because)"),
        ]
    }
}
