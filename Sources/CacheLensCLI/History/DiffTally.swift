import GraphQLCache

/// The counts a diff ends with: records added, removed and changed, fields whose references
/// now point elsewhere, and the same per `__typename`.
struct DiffTally {
    struct Counts: Equatable {
        var added = 0, removed = 0, changed = 0, repointed = 0
        var total: Int { added + removed + changed }

        mutating func count(_ delta: RecordDelta) {
            switch delta.kind {
            case .added: added += 1
            case .removed: removed += 1
            case .changed: changed += 1
            }
            repointed += delta.repointedFields.count
        }

        var json: JSONValue {
            .object(["added": .int(added), "removed": .int(removed), "changed": .int(changed), "repointed": .int(repointed)])
        }
    }

    var all = Counts()
    var byTypename: [String: Counts] = [:]

    mutating func count(_ delta: RecordDelta) {
        all.count(delta)
        byTypename[delta.typename ?? (delta.key.isRoot ? delta.key.rawValue : "(none)"), default: Counts()].count(delta)
    }

    /// Typenames with the most differing records first.
    var sortedTypenames: [(name: String, counts: Counts)] {
        byTypename.map { ($0.key, $0.value) }.sorted { ($0.counts.total, $1.name) > ($1.counts.total, $0.name) }
    }
}
