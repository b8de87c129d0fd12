import GraphQLCache

/// The record list's keys, in order, when the backend cannot page them itself: a `type:` or
/// `re:` filter, or an order other than by key. They are read once for each filter, order and
/// change of data (every key from the key listing, then the records where the typename or size
/// decides), and the list then pages through the array as it pages through the backend.
enum ListKeys {
    /// How many records one load asks for while sizes and typenames are read.
    static let chunk = 4_096

    /// Lists of at most this many keys in all are built at once, on the UI thread (a few
    /// milliseconds); bigger ones in the background (`ListKeysWork`).
    static let inlineLimit = 10_000

    /// The keys `filter` lets through, in `order`. `progress` hears the fraction done after
    /// each chunk, and stops the build (`CancellationError`) by answering false.
    static func build(_ filter: ListFilter, order: ListOrder, backend: any RecordBrowsing,
                      progress: (Double) -> Bool = { _ in true }) throws -> [CacheKey] {
        let readsRecords: Bool = if case .typename = filter { true } else { order != .key }
        let keyShare = readsRecords ? 0.2 : 1
        let keys = try keysPassing(filter, backend: backend) { progress($0 * keyShare) }
        guard readsRecords else { return keys }
        var entries: [Entry] = []
        entries.reserveCapacity(keys.count)
        for start in stride(from: 0, to: keys.count, by: chunk) {
            let slice = keys[start..<min(start + chunk, keys.count)]
            let rows = try backend.loadStoredRecords(forKeys: Set(slice))
            for key in slice {
                let entry = Entry(key: key, stored: rows[key])
                if filter.matchesTypename(entry.typename) { entries.append(entry) }
            }
            guard progress(keyShare + (1 - keyShare) * Double(start + slice.count) / Double(keys.count)) else { throw CancellationError() }
        }
        sort(&entries, by: order)
        return entries.map(\.key)
    }

    /// The keys that pass the key part of `filter` (a regular expression is tried on each),
    /// in key order, a chunk at a time.
    private static func keysPassing(_ filter: ListFilter, backend: any RecordBrowsing, progress: (Double) -> Bool) throws -> [CacheKey] {
        let regex: Regex<AnyRegexOutput>? = if case .regex(let pattern) = filter { try Regex(pattern) } else { nil }
        let total = try backend.keyCount(matching: filter.substring)
        let all = try backend.keys(matching: filter.substring, offset: 0, limit: total)
        var keys: [CacheKey] = []
        for start in stride(from: 0, to: all.count, by: chunk) {
            let slice = all[start..<min(start + chunk, all.count)]
            keys += slice.filter { filter.matchesKey($0, regex: regex) }
            guard progress(Double(start + slice.count) / Double(all.count)) else { throw CancellationError() }
        }
        return keys
    }

    /// One key with what the orders compare.
    struct Entry {
        var key: CacheKey
        var typename: String?
        var size: Int

        init(key: CacheKey, stored: StoredRecord?) {
            self.key = key
            switch stored {
            case .record(let record)?:
                typename = record.typename
                size = RecordJSON.encode(record.fields).count
            case .broken(let row)?:
                typename = "broken"
                size = row.text.utf8.count
            case nil:
                typename = nil
                size = 0
            }
        }
    }

    /// Sorts stably: entries arrive in key order, which breaks ties.
    private static func sort(_ entries: inout [Entry], by order: ListOrder) {
        let indexed = entries.enumerated().map { ($0.offset, $0.element) }
        let sorted = indexed.sorted { lhs, rhs in
            switch order {
            case .key:
                return lhs.0 < rhs.0
            case .size:
                return lhs.1.size != rhs.1.size ? lhs.1.size > rhs.1.size : lhs.0 < rhs.0
            case .typename:
                let a = lhs.1.typename ?? "\u{10FFFF}", b = rhs.1.typename ?? "\u{10FFFF}"
                return a != b ? NaturalOrder.precedes(a, b) : lhs.0 < rhs.0
            }
        }
        entries = sorted.map(\.1)
    }
}
