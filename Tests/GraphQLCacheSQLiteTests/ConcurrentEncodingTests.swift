import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// A large merge encodes its records on a second thread: the bytes, the change report and the
/// rows are exactly those of encoding on the merging thread, and a merge that fails stops that
/// thread instead of leaving it running.
@Suite struct ConcurrentEncodingTests {
    /// Records of every kind a merge meets: plain, non-finite doubles (written as null, so not
    /// round-tripping), custom scalars that look like references, nested lists and objects.
    private static func records(count: Int, priceOffset: Double = 0) -> [Record] {
        (0..<count).map { index in
            var fields: [String: CacheValue] = [
                "__typename": .string("Item"), "name": .string("Item \(index) \u{e9}\"\\"),
                "price": .double(Double(index % 97) + 0.25 + priceOffset),
                "related": .list([.reference(CacheKey("Item:\(index + 1)")), .list([.int(index), .null])]),
            ]
            if index % 50 == 0 { fields["score"] = .double(.nan) }
            if index % 70 == 0 { fields["geo"] = .object(["$reference": .string("not a key"), "lat": .double(1.5)]) }
            return Record(key: CacheKey("Item:\(index)"), fields)
        }
    }

    /// Asked one by one in any order (a one-thread merge encodes the batch from the record asked
    /// for), or a select batch at a time across the second thread's chunks, every record's JSON
    /// is its own.
    @Test(arguments: [true, false])
    func encodingsAreTheRecordsJSONInAnyOrderOfAskingAndByBatch(concurrently: Bool) {
        let records = IncomingRecords(RecordSet(records: Self.records(count: RecordEncodingPipeline.minimumRecords * 2 + 7)))
        var encodings = MergeEncodings(records: records, concurrently: concurrently)
        defer { encodings.stop() }
        var generator = SystemRandomNumberGenerator()
        for position in records.positions.shuffled(using: &generator) {
            let fields = records[position].fields
            #expect(records.fields(at: position) == fields && records.key(at: position) == records[position].key)
            encodings.withEncoding(of: position, in: records) { bytes, roundTrips in
                #expect(Array(bytes) == RecordJSON.encode(fields), "record \(position)")
                #expect(roundTrips == RecordJSON.roundTrips(fields), "record \(position)")
            }
        }
        // Batches as the selects take them: the last one shorter, and one not on a chunk boundary.
        for batch in [0..<512, 512..<1_024, 1_024..<1_536, 1_536..<records.count, 300..<900] {
            encodings.prepareBatch(batch, of: records)
            encodings.withBatch(batch) { json in
                for position in batch {
                    let encoded = json.encoding(of: position)
                    #expect(Array(encoded.json) == RecordJSON.encode(records[position].fields), "record \(position)")
                    #expect(encoded.roundTrips == RecordJSON.roundTrips(records[position].fields), "record \(position)")
                }
            }
        }
    }

    @Test func aLargeMergeReportsAndWritesTheSameWithOrWithoutTheSecondThread() throws {
        let directory = try TemporaryDirectory()
        var caches: [SQLiteNormalizedCache] = []
        for (name, concurrent) in [("concurrent.sqlite", true), ("serial.sqlite", false)] {
            let path = directory.path(name)
            try SQLiteTestFile.apolloFile(at: path, rows: [
                ("Item:3", #"{"broken""#),
                ("Item:4", #"{ "price" : 4.25, "name": "Item 4 é\"\\" }"#),
            ])
            caches.append(try SQLiteNormalizedCache(path: path, options: .init(concurrentEncoding: concurrent)))
        }
        let count = RecordEncodingPipeline.minimumRecords * 3
        let first = RecordSet(records: Self.records(count: count))
        var second = Self.records(count: count + 500, priceOffset: 0)
        for index in stride(from: 0, to: count, by: 9) { second[index]["price"] = .double(-1) }
        for index in stride(from: 5, to: count, by: 11) { second[index].fields["related"] = nil }
        for set in [first, RecordSet(records: second), first] {
            let reports = try caches.map { try $0.merge(records: set) }
            #expect(reports[0] == reports[1])
            #expect(reports[0].count > 0)
        }
        #expect(try caches[0].allRecords() == caches[1].allRecords())
        #expect(try caches[0].loadRecord(forKey: "Item:3")?.fields == Self.records(count: 4)[3].fields)
    }

    @Test func aLargeMergeThatCannotWriteThrowsAndStopsItsEncoding() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("read-only.sqlite")
        _ = try SQLiteNormalizedCache(path: path)
        let cache = try SQLiteNormalizedCache(path: path, options: .init(readOnly: true))
        let records = RecordSet(records: Self.records(count: RecordEncodingPipeline.minimumRecords * 8))
        #expect(throws: SQLiteError.self) { try cache.merge(records: records) }
        #expect(try cache.keyCount(matching: nil) == 0)
    }
}
