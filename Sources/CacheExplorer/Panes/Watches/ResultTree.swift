import CacheDiagnostics
import GraphQLCache

/// Draws partial data as tree lines in query order: a field a miss stands at is a miss line with
/// its reason; an object or list with a miss anywhere below is marked partial; long lists show
/// their first `QueryReport.elementLimit` elements; a deferred fragment not in the cache is a
/// pending line (not a miss) at the end of its object.
struct ResultTree {
    private let missAt: [[PathComponent]: CacheMiss]
    private let missesBelow: Set<[PathComponent]>
    /// Deferred fragments not in the cache, by the path of the object they belong to.
    private let pendingAt: [[PathComponent]: [PendingFragment]]
    var lines: [QueryReport.Line] = []

    init(misses: [CacheMiss], pending: [PendingFragment] = []) {
        self.pendingAt = Dictionary(grouping: pending, by: \.path)
        var missAt: [[PathComponent]: CacheMiss] = [:]
        var below = Set<[PathComponent]>()
        for miss in misses {
            // Only the first `elementLimit` elements of a list are drawn: a miss further in is
            // never looked up, and only marks the paths above it (100,000 misses were kept
            // twice over here, by their whole paths, for the 50 elements a list shows).
            let drawn = Self.drawnLength(of: miss.path)
            if drawn == miss.path.count, missAt[miss.path] == nil { missAt[miss.path] = miss }
            // Up to the first index not drawn: its list's path is the longest one marked.
            var prefix = Array(miss.path.prefix(drawn + 1))
            while !prefix.isEmpty {
                prefix.removeLast()
                guard below.insert(prefix).inserted else { break }
            }
        }
        self.missAt = missAt
        self.missesBelow = below
    }

    /// How many leading components of `path` the tree draws: up to its first list index past
    /// `QueryReport.elementLimit`.
    private static func drawnLength(of path: [PathComponent]) -> Int {
        path.firstIndex { component in
            if case .index(let index) = component { return index >= QueryReport.elementLimit }
            return false
        } ?? path.count
    }

    mutating func appendObject(_ object: JSONObject, path: [PathComponent], depth: Int) {
        for (name, value) in object {
            appendValue(value, label: name, path: path + [.field(name)], depth: depth)
        }
        for fragment in pendingAt[path] ?? [] {
            let label = fragment.label.map { " \"\($0)\"" } ?? ""
            lines.append(.init(depth: depth, text: "@defer\(label): pending (its data is not in the cache yet)", status: .pending))
        }
    }

    private mutating func appendValue(_ value: JSONValue, label: String, path: [PathComponent], depth: Int) {
        if let miss = missAt[path] {
            lines.append(Self.missLine(miss, depth: depth))
            return
        }
        let status: QueryReport.Line.Status = missesBelow.contains(path) ? .partial : .hit
        switch value {
        case .object(let object):
            lines.append(.init(depth: depth, text: label, status: status))
            appendObject(object, path: path, depth: depth + 1)
        case .array(let items):
            lines.append(.init(depth: depth, text: "\(label) [\(items.count)]", status: status))
            for (index, item) in items.prefix(QueryReport.elementLimit).enumerated() {
                appendValue(item, label: "[\(index)]", path: path + [.index(index)], depth: depth + 1)
            }
            if items.count > QueryReport.elementLimit {
                let rest = items.count - QueryReport.elementLimit
                lines.append(.init(depth: depth + 1, text: "… \(MissGroup.number(rest)) more (their misses are in the groups above)",
                                   status: .plain))
            }
        default:
            lines.append(.init(depth: depth, text: "\(label): \(value.jsonText)", status: status))
        }
    }

    static func missLine(_ miss: CacheMiss, depth: Int) -> QueryReport.Line {
        let name: String
        switch miss.path.last {
        case .field(let field)?: name = field
        case .index(let index)?: name = "[\(index)]"
        case nil: name = "(the root)"
        }
        var text = "\(name): \(miss.reason.rawValue): " + MissGroup.detail(miss)
        if !miss.nearMisses.isEmpty { text += "; near misses: " + miss.nearMisses.joined(separator: ", ") }
        return .init(depth: depth, text: text, status: .miss)
    }
}
