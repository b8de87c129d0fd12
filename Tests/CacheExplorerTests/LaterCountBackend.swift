import CacheExplorer
import GraphQLCache
import Synchronization

/// A backend of `count` keys (`Item:0` …) that, like the SQLite cache over a million keys,
/// counts a filter's matches only as far as asked and finishes the count when told
/// (`deliverCounts`), recording what the explorer asked.
final class LaterCountBackend: FixedRecords {
    let sourceName = "later"
    private let all: [CacheKey]
    private let state = Mutex<(requested: [String], listeners: [@Sendable (Action) -> Void])>(([], []))

    init(count: Int) { all = (0..<count).map { CacheKey("Item:\($0)") } }

    /// The filters whose full count was asked for, in order.
    var countsRequested: [String] { state.withLock { $0.requested } }

    private func matches(_ filter: String?) -> [CacheKey] {
        guard let filter, !filter.isEmpty else { return all }
        return all.filter(KeyPattern(filter).matches)
    }

    func keyCount(matching filter: String?) throws -> Int { matches(filter).count }

    func keyCount(matching filter: String, atLeast minimum: Int) throws -> KeyCount {
        let total = matches(filter).count
        return total <= minimum ? KeyCount(count: total, isExact: true) : KeyCount(count: minimum, isExact: false)
    }

    func countKeys(matching filter: String) { state.withLock { $0.requested.append(filter) } }

    /// Tells the listeners the full count of every filter asked for.
    func deliverCounts() {
        let (requested, listeners) = state.withLock { state in
            defer { state.requested = [] }
            return (state.requested, state.listeners)
        }
        for filter in requested {
            for listener in listeners { listener(.keysCounted(filter: filter, count: matches(filter).count)) }
        }
    }

    func onChange(_ handler: @escaping @Sendable (Action) -> Void) { state.withLock { $0.listeners.append(handler) } }

    func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        Array(matches(filter).dropFirst(offset).prefix(limit))
    }

    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        Dictionary(uniqueKeysWithValues: keys.map { ($0, Record(key: $0, ["__typename": .string("Item")])) })
    }

    func forEachRecord(_ body: (Record) throws -> Void) throws {}
}
