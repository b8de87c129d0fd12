/// A cache that can read its rows for lint faster than it can decode them: the SQLite cache
/// checks each row's text (`RecordTextCheck`) and finds its references in the bytes, decoding
/// only what the checks cannot vouch for. `CacheLint.run(on:)` uses it when the cache offers it.
package protocol LintRowScanning {
    /// Adds every readable row to `graph` with the keys it references (a broken row is not
    /// added: it names no record, so references to it are dangling), and calls `body` with
    /// each row in the order read: a readable row's key and `__typename`, with its decoded
    /// record when its key is a response path (`KeyShape.isPathKey`, whose key fields lint
    /// reads), or the broken row. Rows may wait in the graph's batch: call `finishRows()`.
    func scanForLint(into graph: inout ReferenceGraph, _ body: (LintRow) throws -> Void) throws
}

/// One row as lint reads it (`LintRowScanning`).
package enum LintRow: Sendable {
    /// A readable row: its key, `__typename`, and the record when its key is a response path.
    case record(key: CacheKey, typename: String?, record: Record?)
    /// A row that cannot be read as a record.
    case broken(BrokenRecord)
}
