import GraphQLCache

/// One typename's size in two caches: what `diff --stats` prints, so that a file that keeps
/// growing shows which type grows.
struct GroupGrowth {
    let name: String
    let before: (records: Int, bytes: Int)
    let after: (records: Int, bytes: Int)

    var recordChange: Int { after.records - before.records }
    var byteChange: Int { after.bytes - before.bytes }

    /// Every group of either side, the biggest growth in bytes first.
    static func between(_ before: [String: (records: Int, bytes: Int)],
                        _ after: [String: (records: Int, bytes: Int)]) -> [GroupGrowth] {
        Set(before.keys).union(after.keys).map { name in
            GroupGrowth(name: name, before: before[name] ?? (0, 0), after: after[name] ?? (0, 0))
        }.sorted { ($0.byteChange, $1.name) > ($1.byteChange, $0.name) }
    }

    var json: JSONValue {
        .object(["typename": .string(name),
                 "recordsBefore": .int(before.records), "recordsAfter": .int(after.records),
                 "bytesBefore": .int(before.bytes), "bytesAfter": .int(after.bytes)])
    }
}
