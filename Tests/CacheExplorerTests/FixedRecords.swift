import CacheExplorer
import CacheDiagnostics
import GraphQLCache

/// A test double that only browses records that never change by themselves: the parts of
/// `RecordBrowsing` such data has nothing to do for, stated once for the doubles
/// (`SyntheticBackend`, `LaterCountBackend`).
protocol FixedRecords: RecordBrowsing {}

extension FixedRecords {
    func keyCount(matching filter: String, atLeast minimum: Int) throws -> KeyCount {
        KeyCount(count: try keyCount(matching: filter), isExact: true)
    }
    func countKeys(matching filter: String) {}
    func loadStoredRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: StoredRecord] {
        try loadRecords(forKeys: keys).mapValues(StoredRecord.record)
    }
    var brokenRows: BrokenRowSummary { BrokenRowSummary() }
    func scanBrokenRows(waiting: Bool) {}
    func forEachRecord(pointingAt key: CacheKey, _ body: (Record) throws -> Void) throws { try forEachRecord(body) }
    func forEachRecord(pointingInto pattern: KeyPattern, _ body: (Record) throws -> Void) throws {
        try forEachRecord { record in if !pattern.matches(record.key) { try body(record) } }
    }
    var schema: CacheSchema? { nil }
    func lint() throws -> [LintFinding] { [] }
    func onChange(_ handler: @escaping @Sendable (Action) -> Void) {}
    func pollExternalChanges() -> Bool { false }
    func applyExternalVersion() throws {}
    func waitUntilIdle() {}
    func dates(of key: CacheKey) -> RecordDates? { nil }
}
