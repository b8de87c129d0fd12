import GraphQLCache

extension WriteLog {
    /// How the log reads the cache: never all of it into memory. The stored JSON where the
    /// cache keeps it (SQLite), so that digests match `cachelens record`'s.
    package struct Rows: Sendable {
        /// Calls `body` with every row, in any order (the first read: the digest).
        package var each: @Sendable (_ body: (KeyedRow) throws -> Void) throws -> Void
        /// The rows of `keys` as they are now; keys with no row left out (a commit's before
        /// and after images).
        package var current: @Sendable (Set<CacheKey>) throws -> [CacheKey: [UInt8]]
        /// Every row in key order (a re-pulled copy compared with the one it replaces).
        package var ordered: @Sendable () throws -> any KeyOrderedRows
        /// The rows of `keys` as they were before another process's commit changed them, where
        /// the cache kept them (the rows the screen read, in a SQLite file); each once.
        package var externalBefore: @Sendable (Set<CacheKey>) -> [CacheKey: [UInt8]?]

        package init(each: @escaping @Sendable (_ body: (KeyedRow) throws -> Void) throws -> Void,
                     current: @escaping @Sendable (Set<CacheKey>) throws -> [CacheKey: [UInt8]],
                     ordered: @escaping @Sendable () throws -> any KeyOrderedRows,
                     externalBefore: @escaping @Sendable (Set<CacheKey>) -> [CacheKey: [UInt8]?] = { _ in [:] }) {
            self.each = each
            self.current = current
            self.ordered = ordered
            self.externalBefore = externalBefore
        }

        /// The records of `cache`, encoded (a cache that keeps no JSON: memory, snapshots).
        package static func encoding(_ cache: any BrowsableNormalizedCache) -> Rows {
            Rows(each: { body in
                try cache.forEachRecord { row in
                    if case .record(let record) = row { try body(KeyedRow(key: record.key, content: .json(RecordJSON.encode(record.fields)))) }
                }
            }, current: { keys in
                try cache.loadRecords(forKeys: keys).mapValues { RecordJSON.encode($0.fields) }
            }, ordered: {
                var rows: [KeyedRow] = []
                try cache.forEachRecord { row in
                    if case .record(let record) = row { rows.append(KeyedRow(key: record.key, content: .fields(record.fields))) }
                }
                return InMemoryKeyOrderedRows(rows: rows)
            })
        }
    }
}
