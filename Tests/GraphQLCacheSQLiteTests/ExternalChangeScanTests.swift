import CacheTestSupport
import GraphQLCache
@testable import GraphQLCacheSQLite
import Testing

/// When the rows read so far are most of the file (a watch over every item), a look after
/// another process's commit reads them in one pass over the table instead of one lookup each;
/// it must name exactly what the lookups named: the changed field, the removed row with its
/// fields, the added row, and nothing about the rows that did not change.
@Suite struct ExternalChangeScanTests {
    @Test func aLookOverMostOfTheFileNamesExactlyWhatAnotherProcessChanged() throws {
        let count = SQLiteNormalizedCache.scanMinimum + 100
        let directory = try TemporaryDirectory()
        let path = directory.path("scan.sqlite")
        let rows = (0..<count).map { ("Item:\($0)", #"{"__typename":"Item","name":"Item \#($0)"}"#) }
        try SQLiteTestFile.apolloFile(at: path, rows: [("QUERY_ROOT", #"{"n":1}"#)] + rows)
        let store = CacheStore(cache: try SQLiteNormalizedCache(path: path))
        try store.startTrackingExternalChanges()
        _ = try store.loadRecords(forKeys: Set((0..<count).map { CacheKey("Item:\($0)") }))
        let changes = Collected<CacheChange>()
        let subscription = store.subscribe { changes.append($0) }
        defer { subscription.cancel() }
        try SQLiteTestFile.run(#"""
            UPDATE records SET record = '{"__typename":"Item","name":"renamed"}' WHERE key = 'Item:7';
            DELETE FROM records WHERE key = 'Item:9';
            INSERT INTO records (key, record) VALUES ('Item:new', '{"name":"new"}');
            """#, at: path)

        #expect(try store.pollExternalChanges() == 3)
        let change = try #require(changes.items.last)
        #expect(change.changedFields == [FieldKey(record: "Item:7", field: "name"), FieldKey(record: "Item:new", field: "name")])
        #expect(change.removedRecords == ["Item:9"])
        #expect(change.removedFields == [FieldKey(record: "Item:9", field: "__typename"), FieldKey(record: "Item:9", field: "name")])
        #expect(try store.pollExternalChanges() == nil)
        try SQLiteTestFile.run(#"UPDATE records SET record = '{"__typename":"Item","name":"again"}' WHERE key = 'Item:9000'"#, at: path)
        #expect(try store.pollExternalChanges() == nil, "Item:9000 was never read")
        try SQLiteTestFile.run(#"UPDATE records SET record = '{"__typename":"Item","name":"again"}' WHERE key = 'Item:7'"#, at: path)
        #expect(try store.pollExternalChanges() == 1, "the rename was remembered by the first look")
    }
}
