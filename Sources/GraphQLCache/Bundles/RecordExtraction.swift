/// The records a query reads, to share as a small cache that shows the same thing
/// (`cachelens extract`): every record the read looked at, and what their references lead to,
/// as many steps on as the query reads deep.
///
/// A read record is kept whole, so a second read finds the same values, the same missing fields
/// and the same near misses. A root record keeps only the fields named like one the query read
/// (other arguments included, for near misses): the root lists everything the app ever fetched.
public enum RecordExtraction {
    /// The records for `result` (a read of the cache `cache`).
    public static func records(for result: ReadResult, in cache: any NormalizedCache) throws -> RecordSet {
        let read = Set(result.dependencies.records)
        var kept = try cache.loadRecords(forKeys: read)
        for (key, record) in kept where key.isRoot {
            let names = Set(result.dependencies.fields(of: key).map(KeyShape.fieldName(of:)))
            kept[key] = Record(key: key, record.fields.filter { names.contains(KeyShape.fieldName(of: $0.key)) })
        }
        let levels = readLevels(kept, dependencies: result.dependencies)
        let depth = levels.values.max() ?? 0
        var frontier = kept.values.filter { !$0.key.isRoot }.map { ($0, depth - (levels[$0.key] ?? 0)) }
        while !frontier.isEmpty {
            var wanted: [CacheKey: Int] = [:]
            for (record, remaining) in frontier where remaining > 0 {
                for key in record.referencedKeys where kept[key] == nil { wanted[key] = max(wanted[key] ?? 0, remaining - 1) }
            }
            let found = try cache.loadRecords(forKeys: Set(wanted.keys))
            frontier = found.values.map { ($0, wanted[$0.key] ?? 0) }
            for record in found.values { kept[record.key] = record }
        }
        return RecordSet(records: kept.values)
    }

    /// How many references from a root each read record is, following only the fields the
    /// read looked at (breadth first); records read from elsewhere (a fragment at a key) count
    /// as 0.
    private static func readLevels(_ records: [CacheKey: Record], dependencies: FieldDependencies) -> [CacheKey: Int] {
        var levels: [CacheKey: Int] = [:]
        var queue = records.keys.filter(\.isRoot)
        for key in queue { levels[key] = 0 }
        var next = 0
        while next < queue.count {
            let key = queue[next]
            next += 1
            let read = dependencies.fields(of: key).compactMap { records[key]?.fields[$0] }
            for target in read.flatMap(\.referencedKeys) where records[target] != nil && levels[target] == nil {
                levels[target] = levels[key]! + 1
                queue.append(target)
            }
        }
        return levels
    }
}
