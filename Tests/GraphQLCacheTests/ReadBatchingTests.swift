import Testing
@testable import GraphQLCache

/// Counts loads, to show that list elements are fetched in one batch.
private final class CountingSource: RecordSource {
    let records: RecordSet
    var batches: [Int] = []
    init(_ records: RecordSet) { self.records = records }
    func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
        batches.append(keys.count)
        return try records.loadRecords(forKeys: keys)
    }
}

@Suite struct ReadBatchingTests {
    @Test func listElementsLoadInOneBatch() throws {
        let fixture = OperationFixture(configuration: CacheConfiguration(fieldKeys: FieldCacheKeys(fields: ["id"])))
        try fixture.write("{ hero { id friends { id } } }",
                          data: #"{"hero":{"__typename":"Droid","id":"2001","friends":[{"__typename":"Human","id":"1"},{"__typename":"Human","id":"2"},{"__typename":"Human","id":"3"}]}}"#)
        let source = CountingSource(try fixture.cache.allRecords())
        let operation = try fixture.executor.operation(document: "{ hero { friends { id } } }")
        let result = try fixture.executor.read(operation, from: source)
        #expect(result.isComplete)
        #expect(source.batches == [1, 1, 3])
    }
}
