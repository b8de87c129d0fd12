import CacheTestSupport
import GraphQLCache
import Testing
@testable import GraphQLCacheSQLite

/// Issue 25, finding 7: a `sqlite_stat1` row planted in the file (saying the key index
/// narrows nothing) must not turn batched key lookups into table scans (200,000 references
/// went from under a second to 7-10 s, quadratic in the list's length).
@Suite struct PlantedStatisticsTests {
    /// The plan SQLite chooses for the cache's largest batched key lookup.
    private func lookupPlan(_ cache: SQLiteNormalizedCache) throws -> [String] {
        try cache.state.withLock { state in
            let sql = SQLiteRows.lookupSQL(batch: SQLiteRows.batchSizes.last!, on: state.connection)
            return try state.connection.withStatement("EXPLAIN QUERY PLAN " + sql) { statement in
                var details: [String] = []
                while try statement.step() { details.append(statement.text(3) ?? "") }
                return details
            }
        }
    }

    @Test(arguments: [false, true])
    func aPlantedStatisticsRowKeepsKeyLookupsOnTheKeyIndex(readOnly: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("planted.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: (0..<2_000).map { ("Item:\($0)", #"{"x":1}"#) })
        try SQLiteTestFile.run("""
            ANALYZE;
            DELETE FROM sqlite_stat1;
            INSERT INTO sqlite_stat1 VALUES ('records', 'sqlite_autoindex_records_1', '2000 2000');
            INSERT INTO sqlite_stat1 VALUES ('records', NULL, '2000');
            """, at: path)
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: readOnly))
        let plan = try lookupPlan(cache)
        #expect(!plan.contains { $0.hasPrefix("SCAN") && $0.contains("records") }, "\(plan)")
        #expect(plan.contains { $0.contains("INDEX") }, "\(plan)")
        let keys = Set((0..<600).map { CacheKey("Item:\($0 * 3)") })
        #expect(try cache.loadRecords(forKeys: keys).count == 600)
    }
}
