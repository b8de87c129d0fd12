import CacheDiagnostics
import GraphQLCache

/// What the explorer needs of any data it shows: list, count and read records a page at a time,
/// look for broken rows, lint, and hear of changes. Everything needed to browse a huge cache
/// is paged (`keyCount`, `keys(matching:offset:limit:)`); only the `forEachRecord` scans visit
/// every record. The other powers are capabilities of their own (`RecordWriting`,
/// `WatchHosting`, `QueryExplaining`, `ValueFinding`), as Apollo iOS keeps
/// `ReadOnlyNormalizedCache` under `NormalizedCache`: the explorer asks for them where it uses
/// them, and data without them is shown read-only, without watches or console.
package protocol RecordBrowsing: AnyObject, Sendable {
    /// What the status bar calls the data: a file name or `sample`.
    var sourceName: String { get }
    /// How many keys contain `filter` (all when nil).
    func keyCount(matching filter: String?) throws -> Int
    /// A page of keys in natural order, roots first.
    func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey]
    /// How many keys contain `filter`, counted at least until `minimum` are found: over a
    /// million keys the backend may stop there (not exact) so that the frame does not wait.
    func keyCount(matching filter: String, atLeast minimum: Int) throws -> KeyCount
    /// Finishes counting `filter`'s keys off the explorer's thread; the count arrives through
    /// `onChange` as `.keysCounted` (nothing to do when counts are always exact).
    func countKeys(matching filter: String)
    /// A page as far as a frame may search for it: fewer keys than asked while the count of
    /// `filter` is not exact (the rest arrive with `.keysCounted`).
    func keysFound(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey]
    /// While the keys of a big file are first read in the background, how far the read got
    /// (starting it when none runs); progress and the end arrive through `onChange` as
    /// `.keysRead`. Nil when `keyCount(matching: nil)` answers without that wait.
    func keysBeingRead() -> KeyReadProgress?
    /// The records present among `keys`.
    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record]
    /// The rows present among `keys`, broken ones (not valid record JSON) included.
    func loadStoredRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: StoredRecord]
    /// The broken rows and rows without a key as last found (`scanBrokenRows`).
    var brokenRows: BrokenRowSummary { get }
    /// Looks for broken rows again: now (`waiting`), or off the caller's thread, announcing the
    /// result through `onChange` as `.brokenRowsScanned`.
    func scanBrokenRows(waiting: Bool)
    /// Visits every readable record (inbound references, delete impact, export).
    func forEachRecord(_ body: (Record) throws -> Void) throws
    /// The readable records no root reaches (`:gc`), in natural order.
    func unreachableKeys() throws -> [CacheKey]
    /// The rows in key order (`:diff`), a page at a time where the data can give them so.
    func rowsInKeyOrder() throws -> any KeyOrderedRows
    /// Visits at least every readable record that references `key`, perhaps others (`r`).
    func forEachRecord(pointingAt key: CacheKey, _ body: (Record) throws -> Void) throws
    /// Visits at least every readable record outside `pattern` that references a key inside
    /// it, perhaps other records outside it (the `D` preview's dangling references).
    func forEachRecord(pointingInto pattern: KeyPattern, _ body: (Record) throws -> Void) throws
    /// The schema loaded, if any: edits are checked against its field types.
    var schema: CacheSchema? { get }
    /// The data's health (`:lint`).
    func lint() throws -> [LintFinding]
    /// Asks to be told of changes made by anyone; called from any thread.
    func onChange(_ handler: @escaping @Sendable (Action) -> Void)
    /// Looks for commits another process made since the last call (polled about every 100 ms):
    /// what they changed arrives through `onChange` as `.storeDidChange`, like any change.
    /// Returns whether anyone committed (the list may have changed even when no record the
    /// explorer read did).
    func pollExternalChanges() -> Bool
    /// `pollExternalChanges()` off the caller's thread where the backend can (the terminal's
    /// UI loop): what it finds arrives through `onChange`, a commit that touched nothing read
    /// as an empty external change. Returns whether commits were found now (by a poll made on
    /// the caller's thread).
    func pollExternalChangesInBackground() -> Bool
    /// Whether a background poll is under way (the loop then looks for its news sooner).
    var pollInFlight: Bool { get }
    /// Takes in the new version of the data's source that `pollExternalChanges` announced
    /// (`.externalSourceChanged`), as one store change with origin `external`.
    func applyExternalVersion() throws
    /// Blocks until the background work the backend started (watch reads, explains) is done.
    func waitUntilIdle()
    /// How long this process has been kept out by another process's lock on the data's file
    /// (a background write waiting for it, or the UI's reads refused), or nil when it is not.
    var lockWaitElapsed: Duration? { get }
    /// The name of the process holding the lock the explorer waits for (`sqlite3`, the app),
    /// as last looked up in the background; nil when unknown or when nothing waits.
    var lockHolderName: String? { get }
    /// The dates the file keeps for `key` (Apollo Kotlin 1.0 keeps when each record was
    /// updated and received), nil for formats that keep none.
    func dates(of key: CacheKey) -> RecordDates?
}

extension RecordBrowsing {
    /// The whole page.
    package func keysFound(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey] {
        try keys(matching: filter, offset: offset, limit: limit)
    }

    /// Data whose keys are read when asked for.
    package func keysBeingRead() -> KeyReadProgress? { nil }

    /// Data that no other process locks (memory, snapshots) never waits.
    package var lockWaitElapsed: Duration? { nil }

    /// Nothing waits, so nobody holds a lock.
    package var lockHolderName: String? { nil }

    /// Polls on the caller's thread.
    package func pollExternalChangesInBackground() -> Bool { pollExternalChanges() }

    /// Polls made on the caller's thread are never in flight.
    package var pollInFlight: Bool { false }

    /// Every readable record, held and sorted (a SQLite file does better, see `StoreBackend`).
    package func rowsInKeyOrder() throws -> any KeyOrderedRows { try heldRowsInKeyOrder() }

    /// Every readable record, held and sorted.
    package func heldRowsInKeyOrder() throws -> any KeyOrderedRows {
        var records: [Record] = []
        try forEachRecord { records.append($0) }
        return InMemoryKeyOrderedRows(records: records)
    }

    /// From every record decoded: one scan (a cache that gives its stored references does
    /// better, see `StoreBackend`).
    package func unreachableKeys() throws -> [CacheKey] {
        var edges: [CacheKey: [CacheKey]] = [:]
        try forEachRecord { record in edges[record.key] = record.referencedKeys }
        return RecordReachability.unreachableKeys(edges: edges).sorted()
    }

    /// One record, or nil when absent.
    package func loadRecord(_ key: CacheKey) throws -> Record? {
        try loadRecords(forKeys: [key])[key]
    }
}
