import CacheTestSupport
import Testing
@testable import GraphQLCache

/// Counts loads, to show that list elements are fetched in one batch.
private final class CountingSource: RecordSource {
    let records: any RecordSource
    var batches: [Int] = []
    init(_ records: any RecordSource) { self.records = records }
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

    /// `count` items, each pointing at the item `count / 2` places on (read after the reader
    /// has forgotten it, in a list longer than `Reader.loadedLimit`) and at one of 10 owners.
    private static func longList(_ count: Int) -> [Record] {
        var records = (0..<count).map { index in
            Record(key: CacheKey("Item:\(index)"), [
                "id": .string("\(index)"),
                "friend": .reference(CacheKey("Item:\((index + count / 2) % count)")),
                "owner": .reference(CacheKey("User:\(index % 10)")),
            ])
        }
        records += (0..<10).map { Record(key: CacheKey("User:\($0)"), ["id": .string("\($0)")]) }
        records.append(Record(key: .queryRoot, ["items": .list((0..<count).map { .reference(CacheKey("Item:\($0)")) })]))
        return records
    }

    private static let longDocument = "{ items { id friend { id } owner { id } } }"

    @Test(arguments: CacheKind.allCases)
    func aLongListIsReadASliceAtATimeWithTheSameResult(kind: CacheKind) throws {
        let records = Self.longList(10_000)
        let source = CountingSource(CacheRecordSource(kind.makeCache(records)))
        let executor = GraphQLExecutor()
        let operation = try executor.operation(document: Self.longDocument)
        let result = try executor.read(operation, from: source)
        #expect(result.isComplete)
        #expect(result.data == (try executor.read(operation, from: RecordSet(records: records))).data)
        guard case .array(let items)? = result.data?["items"], case .object(let item)? = items.last else {
            Issue.record("no items")
            return
        }
        #expect(item["friend"] == .object(["id": .string("4999")]))
        // The 10,000 items are asked for 1,024 at a time, never all at once (which held every
        // decoded record of the list until the read ended); the work stays linear: the root,
        // ten slices, the 10 owners (again after each slice that forgot them), and at most one
        // load of its own per friend.
        #expect(source.batches.max() == Reader.prefetchSlice)
        #expect(source.batches.filter { $0 > 1 }.count == 10)
        #expect(source.batches.count <= 1 + 10 + 10 * 10 + 10_000)
    }

    @Test(arguments: CacheKind.allCases)
    func aListWithinTheLimitIsStillLoadedInOneBatch(kind: CacheKind) throws {
        let records = Self.longList(Reader.loadedLimit)
        let source = CountingSource(CacheRecordSource(kind.makeCache(records)))
        let executor = GraphQLExecutor()
        let result = try executor.read(try executor.operation(document: Self.longDocument), from: source)
        #expect(result.isComplete)
        // The root, every item at once (so every friend is already there), the 10 owners.
        #expect(source.batches == [1, Reader.loadedLimit] + Array(repeating: 1, count: 10))
    }
}
