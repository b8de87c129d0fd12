extension ChangeIndex {
    /// The index's laws, for tests: the inverted entries (and field tables) match the forward
    /// dependencies exactly and nothing empty is kept. Returns the broken laws, empty when all hold.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var expected: [CacheKey: [ID: [String]]] = [:], records: [CacheKey: Set<ID>] = [:]
        for (id, stored) in forward {
            let isLarge = Self.isLarge(stored.fields, records: stored.records)
            if isLarge != large.contains(id) { problems.append("observer \(id) misfiled as large or not") }
            for (record, names) in stored.fields.groups {
                if names.sorted.isEmpty || names.sorted != Array(Set(names.sorted)).sorted() {
                    problems.append("fields of \(record) empty, unsorted or repeated")
                }
                if !isLarge { expected[record, default: [:]][id] = names.sorted }
            }
            if !isLarge { for key in stored.records { records[key, default: []].insert(id) } }
        }
        var actual: [CacheKey: [ID: [String]]] = [:]
        for (record, slot) in fieldObservers {
            switch slot {
            case .one(let entry):
                actual[record, default: [:]][entry.id] = entry.fields.sorted
            case .many(let group):
                problems += Self.violations(of: group, record)
                for entry in group.entries { actual[record, default: [:]][entry.id] = entry.fields.sorted }
            }
        }
        if actual != expected { problems.append("field index differs from dependencies") }
        if records != recordObservers { problems.append("record index differs from dependencies") }
        if !large.isSubset(of: forward.keys) { problems.append("a large observer not registered") }
        return problems
    }

    private static func violations(of group: ChangeIndexGroup<ID>, _ record: CacheKey) -> [String] {
        var problems: [String] = []
        if group.entries.count < 2 { problems.append("a group of \(group.entries.count) observers kept for \(record)") }
        let placed = group.entries.indices.allSatisfy { group.positions[group.entries[$0].id] == $0 }
        if !placed || group.positions.count != group.entries.count { problems.append("positions of \(record) wrong") }
        var table: [String: Set<ID>] = [:]
        for entry in group.entries { for name in entry.fields.sorted { table[name, default: []].insert(entry.id) } }
        if group.entries.count > tableThreshold && group.byField == nil {
            problems.append("no field table for \(record) with \(group.entries.count) observers")
        }
        if let byField = group.byField, byField != table { problems.append("field table of \(record) differs from its entries") }
        return problems
    }
}
