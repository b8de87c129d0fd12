/// One row of a cache read in key order: its key and what it holds, as stored JSON (a SQLite
/// file, compared byte for byte before anything is decoded) or as decoded fields (a snapshot
/// in memory). A diff of two files that are mostly equal thus decodes only the rows that differ.
public struct KeyedRow: Sendable {
    /// What a row holds.
    public enum Content: Sendable {
        /// The record JSON as stored.
        case json([UInt8])
        /// Decoded fields.
        case fields([String: CacheValue])
        /// A row that cannot be read, with the reason.
        case broken(String)
    }

    public let key: CacheKey
    public let content: Content

    public init(key: CacheKey, content: Content) {
        self.key = key
        self.content = content
    }

    /// The row's fields; throws `brokenRecord` for a row that cannot be read.
    public func fields() throws(GraphQLCacheError) -> [String: CacheValue] {
        switch content {
        case .json(let bytes): return try RecordJSON.decode(bytes, key: key)
        case .fields(let fields): return fields
        case .broken(let reason): throw .brokenRecord(BrokenRecord(key: key, reason: reason))
        }
    }

    /// The stored bytes of the record JSON (encoded when the row came decoded).
    public var jsonBytes: [UInt8] {
        switch content {
        case .json(let bytes): return bytes
        case .fields(let fields): return RecordJSON.encode(fields)
        case .broken(let reason): return Array(reason.utf8)
        }
    }
}

/// Rows of a cache in byte order of their keys (as SQLite's `ORDER BY key` gives them), pulled
/// one at a time so that two caches can be walked side by side in one pass (`CacheDiffer`) with
/// only a page of each in memory.
public protocol KeyOrderedRows {
    /// The next row, or nil at the end.
    mutating func next() throws -> KeyedRow?
}

/// Rows held in memory (a snapshot, a recorder's last state), sorted once by key bytes.
public struct InMemoryKeyOrderedRows: KeyOrderedRows {
    private let rows: [KeyedRow]
    private var position = 0

    /// The rows of `records`, sorted.
    public init<S: Sequence>(records: S) where S.Element == Record {
        self.init(rows: records.map { KeyedRow(key: $0.key, content: .fields($0.fields)) })
    }

    /// `rows`, sorted by key bytes (a caller's order does not matter).
    public init(rows: [KeyedRow]) {
        self.rows = rows.sorted { KeyOrder.precedes($0.key, $1.key) }
    }

    /// `rows` already in key order (a state read from a key-ordered source).
    public init(sortedRows rows: [KeyedRow]) {
        self.rows = rows
    }

    public mutating func next() throws -> KeyedRow? {
        guard position < rows.count else { return nil }
        defer { position += 1 }
        return rows[position]
    }
}

/// The order of `KeyOrderedRows`: keys compared as their UTF-8 bytes, as SQLite compares TEXT,
/// never by Swift's canonical-equivalence string comparison.
public enum KeyOrder {
    /// Whether `lhs` comes before `rhs`.
    public static func precedes(_ lhs: CacheKey, _ rhs: CacheKey) -> Bool {
        ExactUTF8.compare(lhs.rawValue, rhs.rawValue) < 0
    }

    /// Whether the two keys are the same bytes.
    public static func same(_ lhs: CacheKey, _ rhs: CacheKey) -> Bool {
        ExactUTF8.equal(lhs.rawValue, rhs.rawValue)
    }

    /// Negative when `lhs` comes first, 0 for the same bytes, positive when `rhs` does.
    public static func compare(_ lhs: CacheKey, _ rhs: CacheKey) -> Int {
        ExactUTF8.compare(lhs.rawValue, rhs.rawValue)
    }
}

/// A cache that gives its rows in key order a page at a time, without holding them all (a
/// SQLite file read on a connection of its own): what a diff of ten million records reads.
public protocol KeyOrderedReading {
    /// The rows in key order, as one consistent state of the cache.
    func keyOrderedRows() throws -> any KeyOrderedRows
}
