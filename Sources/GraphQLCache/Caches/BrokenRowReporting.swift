/// A stored row whose record JSON cannot be read: kept with its text and the reason, so that
/// it can be listed, shown and removed like any record instead of hiding the others.
public struct BrokenRow: Hashable, Sendable {
    /// The row's key.
    public var key: CacheKey
    /// The stored text as it is (empty when the column is NULL).
    public var text: String
    /// Why it cannot be read, with line and column when the JSON itself is malformed.
    public var error: String

    public init(key: CacheKey, text: String, error: String) {
        self.key = key
        self.text = text
        self.error = error
    }
}

/// A row as stored: a record, or a broken row.
public enum StoredRecord: Hashable, Sendable {
    case record(Record)
    case broken(BrokenRow)

    /// The record, when the row can be read.
    public var record: Record? {
        if case .record(let record) = self { return record }
        return nil
    }
}

/// The rows of a cache that are not records: broken ones (by key) and rows without a key.
public struct BrokenRowSummary: Hashable, Sendable {
    /// Keys of rows whose record is not a JSON object, in key order.
    public var brokenKeys: [CacheKey]
    /// Rows whose key is NULL (no key can name them; Apollo never writes one).
    public var nullKeyRows: Int

    public init(brokenKeys: [CacheKey] = [], nullKeyRows: Int = 0) {
        self.brokenKeys = brokenKeys
        self.nullKeyRows = nullKeyRows
    }

    /// Whether every row is a readable record with a key.
    public var isEmpty: Bool { brokenKeys.isEmpty && nullKeyRows == 0 }
}

/// A cache whose storage can hold rows that are not records (a SQLite file written by other
/// programs): it reads rows without failing on the broken ones and finds them all.
package protocol BrokenRowReporting: NormalizedCache {
    /// The rows present among `keys`, broken ones included (absent keys are missing).
    func loadStoredRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: StoredRecord]

    /// Every broken row's key and the number of rows without a key (one pass over the rows).
    func brokenRowSummary() throws -> BrokenRowSummary

    /// The keys among `keys` whose rows are present but cannot be read as records: what
    /// `loadStoredRecords` would give as `.broken`, without keeping a record of the others.
    func unreadableKeys(among keys: Set<CacheKey>) throws -> Set<CacheKey>
}
