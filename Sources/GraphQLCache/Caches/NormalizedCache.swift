/// Storage of normalized records, as small as Apollo iOS's protocol: load, merge, remove (one
/// key or by pattern), clear, and a way to make several changes atomic. Everything clever
/// (transactions, watchers, GraphQL) lives in `CacheStore`; what a viewer needs to browse a huge
/// cache without loading it is the refining `BrowsableNormalizedCache`.
///
/// Implementations are thread-safe on their own; the store adds transactions on top.
public protocol NormalizedCache: AnyObject, Sendable {
    /// The records present among `keys`; absent keys are simply missing from the result.
    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record]

    /// Merges with Apollo's rules (docs/LIBRARY.md); returns the changed field keys,
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

    /// Runs `body` so that the cache changes it makes are applied all together or not at all
    /// (a SQLite transaction). In memory, where no change can fail, it simply runs `body`.
    func performAtomically<T>(_ body: () throws -> T) throws -> T

    /// Whether each of `merge`, `removeRecord`, `removeRecords(matching:)` and `clear` applies
    /// all of its changes or none by itself, so that a store transaction making only one of
    /// them needs no `performAtomically` around it. False unless a cache says so (both caches
    /// here do): a SQLite removal by pattern run alone needs no statement journal.
    var appliesEachChangeAtomically: Bool { get }
}

extension NormalizedCache {
    /// False: a cache that does not say otherwise gets every store commit in `performAtomically`.
    public var appliesEachChangeAtomically: Bool { false }

    /// Loads one record.
    public func loadRecord(forKey key: CacheKey) throws -> Record? {
        try loadRecords(forKeys: [key])[key]
    }
}
