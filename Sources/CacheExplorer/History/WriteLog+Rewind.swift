import GraphQLCache

/// Time travel: the cache as it was just after an entry, found by undoing the entries after it
/// (newest first) on the records they touched. Only those records differ from now, and only
/// they are read from the cache.
extension WriteLog {
    /// The records touched by entries after `position`, as they were just after it (nil: the
    /// record did not exist then). Throws when a gap in the journal lies between, or an entry
    /// with a record whose before was not seen (history across either is not known: undoing
    /// such a record as if it had been added would delete a record that existed).
    package func states(asOf position: Int) throws -> [CacheKey: [String: CacheValue]?] {
        if let gap = gapPositions.first(where: { $0 > position }) {
            throw ExplorerError.invalid("commits are missing after entry \(gap) (the recorder was not running): cannot go back across them")
        }
        var states: [CacheKey: [String: CacheValue]?] = [:]
        var upper = entryCount
        while upper > position + 1 {
            let lower = max(position + 1, upper - Self.pageSize)
            let page = try entries(lower..<upper)
            try Self.refuseUnseenBefore(in: page)
            let unseen = Set(page.flatMap { $0.records.map(\.key) }).filter { states[$0] == nil }
            for (key, json) in try rows.current(unseen) { states[key] = .some(Self.fields(json)) }
            for entry in page.reversed() {
                for delta in entry.records {
                    states[delta.key] = Self.undo(delta, on: states[delta.key] ?? nil)
                }
            }
            upper = lower
        }
        return states
    }

    /// Throws, naming the record and the entry, when an entry of `page` holds a record whose
    /// before was not seen.
    static func refuseUnseenBefore(in page: [JournalEntry]) throws {
        for entry in page.reversed() {
            guard let delta = entry.records.first(where: \.beforeUnknown) else { continue }
            throw ExplorerError.invalid("the value of \(delta.key.rawValue) before entry #\(entry.sequence) is not known: cannot go back across it")
        }
    }

    /// A record's fields before `delta`, given its fields after it.
    static func undo(_ delta: RecordDelta, on after: [String: CacheValue]?) -> [String: CacheValue]? {
        switch delta.kind {
        case .added:
            return nil
        case .removed:
            var fields: [String: CacheValue] = [:]
            for field in delta.fields { fields[field.field] = field.before }
            return fields
        case .changed:
            var fields = after ?? [:]
            for field in delta.fields { fields[field.field] = field.before }
            return fields
        }
    }
}
