/// Finding records by value (`:find TEXT` in the explorer): which records hold a value that
/// contains a text, case-insensitively, optionally only in one field. A cache that can, scans
/// its rows a slice at a time (`ValueSearching`), so a million rows are searched off the UI
/// thread with progress and can be stopped between slices.
public struct ValueSearch: Hashable, Sendable {
    /// What a value must contain (case-insensitive, literal).
    public var text: String
    /// Only this field (a field key), or every field.
    public var field: String?

    public init(text: String, field: String? = nil) {
        self.text = text
        self.field = field
    }

    /// Whether `record` holds a matching value: a string, number, boolean or reference key
    /// containing the text, anywhere inside lists and objects. Field names never match.
    public func matches(_ record: Record) -> Bool {
        let pattern = KeyPattern(text)
        if let field { return record.fields[field].map { Self.contains($0, pattern) } ?? false }
        return record.fields.values.contains { Self.contains($0, pattern) }
    }

    private static func contains(_ value: CacheValue, _ pattern: KeyPattern) -> Bool {
        switch value {
        case .null: return false
        case .bool(let flag): return pattern.matches(flag ? "true" : "false")
        case .int(let number): return pattern.matches(String(number))
        case .double(let number): return pattern.matches(String(number))
        case .string(let text): return pattern.matches(text)
        case .reference(let key): return pattern.matches(key)
        case .list(let items): return items.contains { contains($0, pattern) }
        case .object(let members): return members.values.contains { contains($0, pattern) }
        }
    }
}

/// One slice of a value search over a cache's rows.
package struct ValueSearchSlice: Sendable {
    /// Keys of the slice's records that match, in the order of their rows.
    package var matches: [CacheKey]
    /// Where the next slice starts.
    package var next: Int64
    /// How far the search has come, 0 to 1.
    package var fraction: Double
    /// Whether this was the last slice.
    package var isLast: Bool

    package init(matches: [CacheKey], next: Int64, fraction: Double, isLast: Bool) {
        self.matches = matches
        self.next = next
        self.fraction = fraction
        self.isLast = isLast
    }
}

/// A cache whose rows can be searched for a text a slice at a time.
package protocol ValueSearching: NormalizedCache {
    /// The records of the rows from `position` (0 first) on, at most `rows` of them, that
    /// `search` matches (`ValueSearch.matches`).
    func searchSlice(for search: ValueSearch, from position: Int64, rows: Int) throws -> ValueSearchSlice
}
