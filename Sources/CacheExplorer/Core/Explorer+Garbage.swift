import GraphQLCache

/// `:gc`: records no root reaches (by following references from QUERY_ROOT, MUTATION_ROOT and
/// SUBSCRIPTION_ROOT) are listed with their count, then deleted on confirmation, undoably.
extension Explorer {
    mutating func previewGarbage() {
        do {
            let unreachable = try Self.unreachableKeys(backend)
            guard !unreachable.isEmpty else { inform("every record is reachable from a root"); return }
            state.mode = .confirm(.garbage(unreachable))
        } catch {
            fail(error)
        }
    }

    /// Keys no root reaches, in natural order. One scan of the records.
    static func unreachableKeys(_ backend: any RecordBrowsing) throws -> [CacheKey] {
        var edges: [CacheKey: [CacheKey]] = [:]
        try backend.forEachRecord { record in edges[record.key] = record.referencedKeys }
        var reached = Set<CacheKey>()
        var pending = [CacheKey.queryRoot, .mutationRoot, .subscriptionRoot].filter { edges[$0] != nil }
        while let key = pending.popLast() {
            guard reached.insert(key).inserted else { continue }
            pending.append(contentsOf: (edges[key] ?? []).filter { edges[$0] != nil && !reached.contains($0) })
        }
        return edges.keys.filter { !reached.contains($0) }.sorted()
    }
}
