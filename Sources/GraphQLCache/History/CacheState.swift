/// A whole cache as its rows were at one moment, in key order, with its digest: what a
/// recorder keeps between two commits so that the next commit's field-level change (with the
/// values before it) can be told by one diff, whatever the writer did.
public struct CacheState: Sendable {
    /// Every row, in key order.
    public let rows: [KeyedRow]
    /// The digest of those rows.
    public let digest: CacheDigest

    /// An empty cache.
    public init() {
        rows = []
        digest = CacheDigest()
    }

    /// Reads every row of `source`.
    public init(reading source: inout some KeyOrderedRows) throws {
        var rows: [KeyedRow] = []
        var digest = CacheDigest()
        while let row = try source.next() {
            digest.add(key: row.key, json: row.jsonBytes)
            rows.append(row)
        }
        self.rows = rows
        self.digest = digest
    }

    /// What changed from this state to `newer`, record by record in key order.
    public func changes(to newer: CacheState) throws -> [RecordDelta] {
        guard digest != newer.digest else { return [] }
        var differ = CacheDiffer(before: InMemoryKeyOrderedRows(sortedRows: rows),
                                 after: InMemoryKeyOrderedRows(sortedRows: newer.rows))
        return try differ.all()
    }
}
