extension SizeCensus {
    /// Records grouped by the root field that first reaches them: each root field, in key
    /// order, claims what its references lead to (breadth first) that no earlier field claimed.
    func rootGroups() -> [Group] {
        var claimed = Set<CacheKey>()
        var groups: [String: Group] = [:]
        func add(_ name: String, _ bytes: Int) {
            groups[name, default: Group(name: name, records: 0, bytes: 0)].records += 1
            groups[name]!.bytes += bytes
        }
        for root in roots.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where claimed.insert(root.key).inserted {
            add("(roots)", graph[root.key]?.bytes ?? 0)
        }
        for root in roots.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for field in root.fields.keys.sorted() {
                let name = KeyShape.fieldName(of: field)
                var queue = root.fields[field]?.referencedKeys ?? []
                var next = 0
                while next < queue.count {
                    let key = queue[next]
                    next += 1
                    guard let node = graph[key], claimed.insert(key).inserted else { continue }
                    add(name, node.bytes)
                    queue.append(contentsOf: node.references)
                }
            }
        }
        for (key, node) in graph where !claimed.contains(key) { add("(unreachable)", node.bytes) }
        return Array(groups.values)
    }
}
