/// A cache that can also be browsed without loading it: counted, listed a page of keys at a
/// time in `CacheKey` order, filtered, and scanned record by record. The explorer and the
/// harness's `records`/`stats` ops ask for this; the store needs only `NormalizedCache`, as
/// Apollo iOS's store needs only its small protocol (with `ReadOnlyNormalizedCache` apart).
///
/// Both caches here conform; a cache of a million keys answers each call in O(page), counting a
/// filter's matches in the background when there are many (`keyCount(matching:atLeast:)`).
public protocol BrowsableNormalizedCache: NormalizedCache {
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

    /// A page of keys containing `filter` as far as a frame may search for them: a cache with
    /// many keys may return fewer than asked while `keyCount(matching:atLeast:)` is not exact
    /// (the rest are found by `countKeysInBackground`).
    func keysFound(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey]

    /// Counts the keys containing `filter` off the caller's thread and calls `done` with the
    /// count (on any thread), unless the keys or the filter counted change first.
    func countKeysInBackground(matching filter: String, then done: @escaping @Sendable (Int) -> Void)

    /// Starts reading every key off the caller's thread when a big cache's keys are not in
    /// memory yet, so that a browser draws its first frame at once (reading ten million keys
    /// takes seconds). Returns nil when `keyCount(matching: nil)` answers without such a wait
    /// (the keys are in memory, or few enough to read at once); otherwise how far the read got,
    /// and `progress` is called (on any thread) as it goes on and once more with `isDone`.
    func readKeysInBackground(progress: @escaping @Sendable (KeyReadProgress) -> Void) -> KeyReadProgress?

    /// Visits every record; a record that cannot be decoded is passed as a failure so that one
    /// broken row never hides the others.
    func forEachRecord(_ body: (ScannedRow) throws -> Void) throws

    /// Visits at least every readable record holding a reference to `key` (who points here),
    /// and perhaps others: a backend may skip records whose stored text cannot mention `key`
    /// without decoding them. Callers test the references themselves.
    func forEachRecord(pointingAt key: CacheKey, _ body: (ScannedRow) throws -> Void) throws

    /// Visits at least every readable record whose key does not match `pattern` and that holds a
    /// reference to a key that does (what removing by `pattern` would leave dangling), and
    /// perhaps others whose key does not match. Callers test the references themselves.
    func forEachRecord(pointingInto pattern: KeyPattern, _ body: (ScannedRow) throws -> Void) throws
}

extension BrowsableNormalizedCache {
    /// Counts them all: the exact count.
    public func keyCount(matching filter: String, atLeast minimum: Int) throws -> KeyCount {
        KeyCount(count: try keyCount(matching: filter), isExact: true)
    }

    /// The whole page.
    public func keysFound(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        try keys(matching: filter, offset: offset, limit: limit)
    }

    /// Counts at once, on the caller's thread.
    public func countKeysInBackground(matching filter: String, then done: @escaping @Sendable (Int) -> Void) {
        if let count = try? keyCount(matching: filter) { done(count) }
    }

    /// Nothing to wait for: the keys are read when asked for.
    public func readKeysInBackground(progress: @escaping @Sendable (KeyReadProgress) -> Void) -> KeyReadProgress? {
        nil
    }

    /// Visits every record.
    public func forEachRecord(pointingAt key: CacheKey,
                              _ body: (ScannedRow) throws -> Void) throws {
        try forEachRecord(body)
    }

    /// Visits every record whose key does not match `pattern`.
    public func forEachRecord(pointingInto pattern: KeyPattern,
                              _ body: (ScannedRow) throws -> Void) throws {
        try forEachRecord { result in
            if case .record(let record) = result, pattern.matches(record.key) { return }
            try body(result)
        }
    }

    /// Every readable record, for snapshots and the harness's `records` op.
    public func allRecords() throws -> RecordSet {
        var set = RecordSet()
        try forEachRecord { result in
            if case .record(let record) = result { set.merge(record: record) }
        }
        return set
    }
}
