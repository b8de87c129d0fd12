import GraphQLCache

/// The record list's keys, in order, when the backend cannot page them itself: a `type:` or
/// `re:` filter, or an order other than by key. They are read once for each filter, order and
/// change of data (every key from the key listing, then the records where the typename or size
/// decides), and the list then pages through the array as it pages through the backend.
enum ListKeys {
    /// How many records one load asks for while sizes and typenames are read.
    static let chunk = 4_096

    /// The keys `filter` lets through, in `order`.
    static func build(_ filter: ListFilter, order: ListOrder, backend: any RecordBrowsing) throws -> [CacheKey] {
        let regex: Regex<AnyRegexOutput>? = if case .regex(let pattern) = filter { try Regex(pattern) } else { nil }
        let total = try backend.keyCount(matching: filter.substring)
        let keys = try backend.keys(matching: filter.substring, offset: 0, limit: total).filter {
            filter.matchesKey($0, regex: regex)
        }
        if case .typename = filter {} else if order == .key { return keys }
        var entries: [Entry] = []
        entries.reserveCapacity(keys.count)
        for start in stride(from: 0, to: keys.count, by: chunk) {
            let slice = keys[start..<min(start + chunk, keys.count)]
            let rows = try backend.loadStoredRecords(forKeys: Set(slice))
            for key in slice {
                let entry = Entry(key: key, stored: rows[key])
                if filter.matchesTypename(entry.typename) { entries.append(entry) }
            }
        }
        sort(&entries, by: order)
        return entries.map(\.key)
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
