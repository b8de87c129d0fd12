import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// A merge walks its records in the order their storage lies in memory and matches the rows of
/// each select batch with a table of that batch's keys alone: what it reports and writes is
/// still exactly what the in-memory cache does with the same records, over many batches.
@Suite struct MergeOrderTests {
    /// Enough records for several select batches of the largest size.
    private static let count = SQLiteRows.batchSizes.last! * 3 + 17

    private static func records(priceOffset: Double = 0, every: Int = 1) -> [Record] {
        (0..<count).map { index in
            Record(key: CacheKey("Item:\(index)"), [
                "__typename": .string("Item"), "name": .string("Item \(index)"),
                "price": .double(Double(index % 97) + 0.5 + (index % every == 0 ? priceOffset : 0)),
                "owner": .reference(CacheKey("User:\(index % 13)")),
            ])
        }
    }

    @Test func everyRecordHasExactlyOnePositionWhateverTheOrder() {
        let set = RecordSet(records: Self.records())
        let records = IncomingRecords(set)
        #expect(records.count == set.count)
        let keys = records.positions.map(records.key(at:))
        #expect(Set(keys) == Set(set.keys) && Set(keys).count == keys.count)
        for position in records.positions {
            #expect(records[position] == set[records.key(at: position)], "position \(position)")
            #expect(records.fields(at: position) == records[position].fields)
        }
    }

    @Test(arguments: [false, true])
    func aRemergeOverManyBatchesReportsAndWritesWhatTheInMemoryCacheDoes(concurrent: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("order.sqlite")
        // Rows another writer left: a broken one, and one in another layout with a field the
        // incoming record lacks (decoded and merged field by field).
        try SQLiteTestFile.apolloFile(at: path, rows: [
            ("Item:600", #"{"broken""#),
            ("Item:1200", #"{ "extra" : true, "name": "old" }"#),
        ])
        let sqlite = try SQLiteNormalizedCache(path: path, options: .init(concurrentEncoding: concurrent))
        let memory = InMemoryNormalizedCache()
        try memory.merge(records: RecordSet(records: [
            Record(key: "Item:1200", ["extra": .bool(true), "name": .string("old")]),
        ]))
        var changed = Self.records(priceOffset: 3, every: 7)
        for index in stride(from: 5, to: Self.count, by: 11) { changed[index]["owner"] = .reference("User:99") }
        changed.append(Record(key: "Item:new", ["name": .string("new")]))
        for batch in [Self.records(), changed, changed, Self.records()] {
            let set = RecordSet(records: batch)
            let fromSQLite = try sqlite.merge(records: set)
            let fromMemory = try memory.merge(records: set)
            #expect(fromSQLite.fieldKeys == fromMemory.fieldKeys)
        }
        #expect(try sqlite.allRecords() == memory.allRecords())
    }

    /// A merge on one thread encodes each select batch just before reading it and keeps only the
    /// JSON of records it will insert; new records in a file that has rows, over many batches,
    /// among rows whose record is NULL, empty or broken, end up written exactly as the in-memory
    /// cache has them.
    @Test(arguments: [false, true])
    func newRecordsAmongBrokenRowsOverManyBatchesAreWrittenAsTheInMemoryCacheHasThem(concurrent: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("new.sqlite")
        try SQLiteTestFile.apolloFile(at: path, rows: [("User:1", #"{"name":"kept"}"#), ("Item:3", "{\"broken\"")])
        try SQLiteTestFile.run("""
            INSERT INTO records (key, record) VALUES ('Item:700', NULL);
            INSERT INTO records (key, record) VALUES ('Item:1300', '');
            """, at: path)
        let sqlite = try SQLiteNormalizedCache(path: path, options: .init(concurrentEncoding: concurrent))
        let memory = InMemoryNormalizedCache()
        try memory.merge(records: RecordSet(records: [Record(key: "User:1", ["name": .string("kept")])]))
        let set = RecordSet(records: Self.records())
        let fromSQLite = try sqlite.merge(records: set)
        let fromMemory = try memory.merge(records: set)
        #expect(fromSQLite.fieldKeys == fromMemory.fieldKeys)
        #expect(try sqlite.allRecords() == memory.allRecords())
        // A second merge of the same records finds every row the same.
        #expect(try sqlite.merge(records: set).isEmpty)
    }
}
