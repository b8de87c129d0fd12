import CacheDiagnostics
import GraphQLCache

/// The explorer's one window onto data: the store (`StoreBackend`) or a test double
/// with watchers. The rest of the core never cares which; everything it needs to browse a huge
/// cache is paged (`keyCount`, `keys(matching:offset:limit:)`), and only `forEachRecord` scans.
public protocol ExplorerBackend: AnyObject, Sendable {
    /// What the status bar calls the data: a file name or `sample`.
    var sourceName: String { get }
    /// Whether writes are refused (`--read-only`).
    var isReadOnly: Bool { get }
    /// Whether writes reach a file that outlives the explorer; false for data held only in
    /// memory (the sample, a snapshot), whose changes quitting would lose.
    var keepsChanges: Bool { get }

    /// How many keys contain `filter` (all when nil).
    func keyCount(matching filter: String?) throws -> Int
    /// A page of keys in natural order, roots first.
    func keys(matching filter: String?, offset: Int, limit: Int) throws -> [CacheKey]
    /// How many keys contain `filter`, counted at least until `minimum` are found: over a
    /// million keys the backend may stop there (not exact) so that the frame does not wait.
    func keyCount(matching filter: String, atLeast minimum: Int) throws -> KeyCount
    /// Finishes counting `filter`'s keys off the explorer's thread; the count arrives through
    /// `onChange` as `.keysCounted`.
    func countKeys(matching filter: String)
    /// The records present among `keys`.
    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record]
    /// The rows present among `keys`, broken ones (not valid record JSON) included.
    func loadStoredRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: StoredRecord]
    /// The broken rows and rows without a key as last found (`scanBrokenRows`).
    var brokenRows: BrokenRowSummary { get }
    /// Looks for broken rows again: now (`waiting`), or off the caller's thread, announcing the
    /// result through `onChange` as `.brokenRowsScanned`.
    func scanBrokenRows(waiting: Bool)
    /// Starts finding the records whose values match `search` off the caller's thread: matches
    /// arrive through `onChange` as `.found`, slice by slice. Returns the search's id, or nil
    /// when the backend cannot search in the background (the explorer then scans at once).
    func startFind(_ search: ValueSearch) -> Int?
    /// Stops the search `id` before its next slice.
    func cancelFind(_ id: Int)
    /// Visits every readable record (inbound references, delete impact, export).
    func forEachRecord(_ body: (Record) throws -> Void) throws
    /// Visits at least every readable record that references `key`, perhaps others (`r`).
    func forEachRecord(pointingAt key: CacheKey, _ body: (Record) throws -> Void) throws
    /// Visits at least every readable record outside `pattern` that references a key inside
    /// it, perhaps other records outside it (the `D` preview's dangling references).
    func forEachRecord(pointingInto pattern: KeyPattern, _ body: (Record) throws -> Void) throws

    /// Merges `records` (an edit, or an undo putting records back); returns what changed.
    func write(_ records: [Record]) throws -> Set<FieldKey>
    /// Removes the records with `keys` and returns them as they were, for undo.
    func remove(keys: [CacheKey]) throws -> [Record]

    /// The watched queries with their latest results.
    func watches() -> [WatchSnapshot]
    /// Starts watching `document` under `name`; returns the name used.
    @discardableResult
    func addWatch(name: String?, document: String) throws -> String
    /// Replaces the document and variables of the watch `name`.
    func replaceWatch(_ name: String, document: String, variables: String) throws
    /// Stops and forgets the watch `name`.
    func removeWatch(_ name: String) throws
    /// Fetches the watch `name` again: from the network when watches have one, else the cache.
    func refetchWatch(_ name: String) throws
    /// Cancels the watch reads under way; returns the names of the watches that were reading.
    func cancelWatchReads() -> [String]
    /// Whether a watch whose cache read misses goes to the network (`explore --endpoint`, the
    /// sample's server); the delete preview says so.
    var watchesUseNetwork: Bool { get }
    /// Runs `document` against the cache alone and explains every hit and miss.
    func explain(document: String, variables: String?) throws -> QueryReport
    /// The schema loaded, if any: edits are checked against its field types.
    var schema: CacheSchema? { get }
    /// The cache's health (`:lint`).
    func lint() throws -> [LintFinding]
    /// `explain` off the caller's thread: the outcome arrives through `onChange` as
    /// `.queryExplained(id:_:)`; returns the id, for `cancelExplain`, or nil when the backend
    /// has no background work (then `explain` answers at once).
    func startExplain(document: String, variables: String?) -> Int?
    /// Cancels an explain under way (its outcome arrives as `.cancelled`).
    func cancelExplain(_ id: Int)
    /// Blocks until the background work the backend started (watch reads, explains) is done.
    func waitUntilIdle()
    /// Who made the last `write`, `remove` or `restore`, so that changes it caused (a watch's
    /// refetch) can be undone with it.
    var lastWriteOrigin: ChangeOrigin? { get }
    /// One transaction: removes `keys`, then merges each batch of records in order (undo).
    /// Unless `watchesRefetch`, a watch that misses after it shows the miss rather than
    /// fetching again: undoing what a fetch wrote must not bring it straight back.
    func restore(removing keys: [CacheKey], writing batches: [[Record]], watchesRefetch: Bool) throws
    /// Asks to be told of changes made by anyone; called from any thread.
    func onChange(_ handler: @escaping @Sendable (Action) -> Void)
    /// Looks for commits another process made since the last call (polled about every 100 ms):
    /// what they changed arrives through `onChange` as `.storeDidChange`, like any change.
    /// Returns whether anyone committed (the list may have changed even when no record the
    /// explorer read did).
    func pollExternalChanges() -> Bool
    /// Takes in the new version of the data's source that `pollExternalChanges` announced
    /// (`.externalSourceChanged`), as one store change with origin `external`.
    func applyExternalVersion() throws
}

extension ExplorerBackend {
    /// Writes are kept unless a backend says otherwise.
    public var keepsChanges: Bool { true }

    public func watches() -> [WatchSnapshot] { [] }

    /// No schema: edits are checked for shape only.
    public var schema: CacheSchema? { nil }

    /// Lints the readable records (a backend that knows its broken rows says so itself).
    public func lint() throws -> [LintFinding] {
        try CacheLint(configuration: CacheConfiguration(schema: schema)).run(
            scan: { visit in try forEachRecord { try visit(.record($0)) } }, source: BackendRecords(backend: self))
    }

    @discardableResult
    public func addWatch(name: String?, document: String) throws -> String {
        throw ExplorerError.unsupported("watches need the GraphQL store, which this backend does not have")
    }

    public func explain(document: String, variables: String?) throws -> QueryReport {
        throw ExplorerError.unsupported("the query console needs the GraphQL store, which this backend does not have")
    }

    public func replaceWatch(_ name: String, document: String, variables: String) throws {
        throw ExplorerError.unsupported("watches need the GraphQL store, which this backend does not have")
    }

    public func removeWatch(_ name: String) throws {
        throw ExplorerError.unsupported("watches need the GraphQL store, which this backend does not have")
    }

    public func refetchWatch(_ name: String) throws {
        throw ExplorerError.unsupported("watches need the GraphQL store, which this backend does not have")
    }

    public func cancelWatchReads() -> [String] { [] }

    public var watchesUseNetwork: Bool { false }

    /// No background work: `explain` answers at once.
    public func startExplain(document: String, variables: String?) -> Int? { nil }

    public func cancelExplain(_ id: Int) {}

    public func waitUntilIdle() {}

    public var lastWriteOrigin: ChangeOrigin? { nil }

    public func restore(removing keys: [CacheKey], writing batches: [[Record]], watchesRefetch: Bool) throws {
        _ = try remove(keys: keys)
        for batch in batches where !batch.isEmpty { _ = try write(batch) }
    }

    public func onChange(_ handler: @escaping @Sendable (Action) -> Void) {}

    /// Counts them all: exact.
    public func keyCount(matching filter: String, atLeast minimum: Int) throws -> KeyCount {
        KeyCount(count: try keyCount(matching: filter), isExact: true)
    }

    /// Nothing to finish: `keyCount(matching:atLeast:)` is exact.
    public func countKeys(matching filter: String) {}

    public func pollExternalChanges() -> Bool { false }

    /// No source to take a version from.
    public func applyExternalVersion() throws {}

    /// Every row is a record.
    public func loadStoredRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: StoredRecord] {
        try loadRecords(forKeys: keys).mapValues(StoredRecord.record)
    }

    public var brokenRows: BrokenRowSummary { BrokenRowSummary() }

    public func scanBrokenRows(waiting: Bool) {}

    public func startFind(_ search: ValueSearch) -> Int? { nil }

    public func cancelFind(_ id: Int) {}

    /// Every record.
    public func forEachRecord(pointingAt key: CacheKey, _ body: (Record) throws -> Void) throws {
        try forEachRecord(body)
    }

    /// Every record outside `pattern`.
    public func forEachRecord(pointingInto pattern: KeyPattern, _ body: (Record) throws -> Void) throws {
        try forEachRecord { record in if !pattern.matches(record.key) { try body(record) } }
    }

    /// One record, or nil when absent.
    public func loadRecord(_ key: CacheKey) throws -> Record? {
        try loadRecords(forKeys: [key])[key]
    }
}
