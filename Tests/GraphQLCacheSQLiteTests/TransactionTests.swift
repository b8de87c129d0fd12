import CacheTestSupport
import GraphQLCache
import GraphQLCacheSQLite
import Testing

/// `performAtomically` is one SQLite transaction: all or nothing, nested calls flattened.
@Suite struct TransactionTests {
    struct Boom: Error {}

    @Test func aFailedAtomicBlockLeavesNoChange() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(path: directory.path("c.sqlite"))
        try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
        #expect(throws: Boom.self) {
            try cache.performAtomically {
                try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(2)]), Record(key: "B", ["x": .int(1)])]))
                try cache.removeRecords(matching: "a")
                throw Boom()
            }
        }
        #expect(try cache.loadRecord(forKey: "A")?["x"] == .int(1))
        #expect(try cache.keys(matching: nil, offset: 0, limit: 10) == ["A"])
    }

    @Test func nestedAtomicBlocksCommitWithTheOutermost() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("c.sqlite")
        let cache = try SQLiteNormalizedCache(path: path)
        let other = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        try cache.performAtomically {
            try cache.performAtomically {
                try cache.merge(records: RecordSet(records: [Record(key: "A", ["x": .int(1)])]))
            }
            #expect(try other.recordCount() == 0)
            try cache.merge(records: RecordSet(records: [Record(key: "B", ["x": .int(1)])]))
        }
        #expect(try other.recordCount() == 2)
        #expect(try other.hasExternalChanges())
        #expect(try other.hasExternalChanges() == false)
    }

    @Test func clearWithVacuumEmptiesTheFile() throws {
        let directory = try TemporaryDirectory()
        let cache = try SQLiteNormalizedCache(path: directory.path("c.sqlite"))
        try cache.merge(records: RecordSet(records: (0..<500).map { Record(key: CacheKey("K:\($0)"), ["x": .string(String(repeating: "y", count: 200))]) }))
        try cache.clear(vacuum: true)
        #expect(try cache.recordCount() == 0)
    }
}
