/// Storage of normalized records, as small as Apollo iOS's protocol: load, merge, remove, clear,
/// plus what the explorer needs to browse a huge cache without loading it (count, key pages,
/// a streaming scan). Everything clever (transactions, watchers, GraphQL) lives in `CacheStore`.
///
/// Implementations are thread-safe on their own; the store adds transactions on top.
public protocol NormalizedCache: AnyObject, Sendable {
    /// The records present among `keys`; absent keys are simply missing from the result.
    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record]

    /// Merges with Apollo's rules (DESIGN.md §Semantics); returns the changed field keys,
    /// grouped by record (`FieldChanges`: no hashing of every field of every new record).
    @discardableResult
    func merge(records: RecordSet) throws -> FieldChanges

    /// Removes one record (references to it are left dangling); returns whether it existed.
    @discardableResult
    func removeRecord(for key: CacheKey) throws -> Bool

    /// Removes every record whose key contains `pattern` as a literal, case-insensitive,
    /// Unicode-aware substring (`KeyPattern`); returns the removed keys.
    @discardableResult
    func removeRecords(matching pattern: String) throws -> Set<CacheKey>

    /// Removes every record.
    func clear() throws

    /// How many records there are.
    func recordCount() throws -> Int

    /// How many keys contain `filter` (a `KeyPattern`); nil counts all.
    func keyCount(matching filter: String?) throws -> Int

    /// A page of keys in `CacheKey` order (roots first, natural order), optionally only those
    /// containing `filter`.
    func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey]

    /// How many keys contain `filter`, counted at least until `minimum` are found: a cache with
    /// many keys may stop there (`isExact` false) and count the rest with
    /// `countKeysInBackground`, so that a filter typed over a million keys shows at once.
    func keyCount(matching filter: String, atLeast minimum: Int) throws -> KeyCount

    /// Counts the keys containing `filter` off the caller's thread and calls `done` with the
    /// count (on any thread), unless the keys or the filter counted change first.
    func countKeysInBackground(matching filter: String, then done: @escaping @Sendable (Int) -> Void)

    /// Visits every record; a record that cannot be decoded is passed as a failure so that one
    /// broken row never hides the others.
    func forEachRecord(_ body: (Result<Record, RecordJSONError>) throws -> Void) throws

    /// Runs `body` so that the cache changes it makes are applied all together or not at all
    /// (a SQLite transaction). In memory, where no change can fail, it simply runs `body`.
    func performAtomically<T>(_ body: () throws -> T) throws -> T
}

extension NormalizedCache {
    /// Counts them all: the exact count.
    public func keyCount(matching filter: String, atLeast minimum: Int) throws -> KeyCount {
        KeyCount(count: try keyCount(matching: filter), isExact: true)
    }

    /// Counts at once, on the caller's thread.
    public func countKeysInBackground(matching filter: String, then done: @escaping @Sendable (Int) -> Void) {
        if let count = try? keyCount(matching: filter) { done(count) }
    }

    /// Loads one record.
    public func loadRecord(forKey key: CacheKey) throws -> Record? {
        try loadRecords(forKeys: [key])[key]
    }

    /// Every readable record, for snapshots and the harness's `records` op.
    public func allRecords() throws -> RecordSet {
        var set = RecordSet()
        try forEachRecord { result in
            if case .success(let record) = result { set.merge(record: record) }
        }
        return set
    }
}

/// Failures of a cache backend, each naming what it concerns.
public enum NormalizedCacheError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A stored record's JSON cannot be read.
    case brokenRecord(RecordJSONError)
    /// The storage itself failed (file, I/O); the message names the file.
    case storage(String)
    /// A write was attempted on a cache opened read-only.
    case readOnly(String)

    public var description: String {
        switch self {
        case .brokenRecord(let error): return error.description
        case .storage(let message): return message
        case .readOnly(let message): return message
        }
    }
}
