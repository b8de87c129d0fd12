import Testing
@testable import GraphQLCache

/// A watch read with `ReadOptions.listElementLimit` (the explorer's) is kept and patched too:
/// a shown element patches in place, a left-out one re-reads the list (its shown elements
/// reused), and every patched result equals a from-scratch limited read, counts included.
@Suite struct WatchTreeElisionTests {
    private typealias CountingSource = WatchTreeTests.CountingSource
    private let executor = GraphQLExecutor()
    private let options = ReadOptions(missesAsNull: true, listElementLimit: 3)

    /// `items` items, each owned by the user of the same number.
    private static func source(items: Int) -> CountingSource {
        var records: [Record] = []
        for index in 0..<items {
            records.append(Record(key: CacheKey("Item:\(index)"), [
                "id": .string("\(index)"), "name": .string("item \(index)"), "owner": .reference(CacheKey("User:\(index)")),
            ]))
            records.append(Record(key: CacheKey("User:\(index)"), ["name": .string("user \(index)")]))
        }
        records.append(Record(key: "QUERY_ROOT", ["items": .list((0..<items).map { .reference(CacheKey("Item:\($0)")) })]))
        return CountingSource(RecordSet(records: records))
    }

    private func tree(_ query: GraphQLOperation, _ source: CountingSource) throws -> WatchTree {
        let (read, made) = try WatchTree.read(query, executor: executor, options: options, source: source)
        expectEqual(read, try fresh(query, source))
        return try #require(made)
    }

    private func fresh(_ query: GraphQLOperation, _ source: CountingSource) throws -> ReadResult {
        try executor.read(query, from: source.records, options: options)
    }

    private func expectEqual(_ patched: ReadResult?, _ fresh: ReadResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(patched?.data == fresh.data, sourceLocation: sourceLocation)
        #expect(patched?.misses == fresh.misses, sourceLocation: sourceLocation)
        #expect(patched?.dependencies == fresh.dependencies, sourceLocation: sourceLocation)
        #expect(patched?.elided == fresh.elided, sourceLocation: sourceLocation)
    }

    @Test func aShownItemIsPatchedInPlace() throws {
        let source = Self.source(items: 1_000)
        let query = try executor.operation(document: "{ items { id name owner { name } } }")
        let tree = try tree(query, source)
        _ = source.records.merge(record: Record(key: "Item:1", ["name": .string("renamed")]))
        source.loaded = []
        let patched = try tree.patch(fields: [FieldKey(record: "Item:1", field: "name")], removed: [], records: [],
                                     source: source)
        #expect(source.loaded == ["Item:1"])
        #expect(patched?.data?["items"]?.arrayValue?[1].objectValue?["name"] == .string("renamed"))
        expectEqual(patched, try fresh(query, source))
    }

    @Test func aLeftOutItemReReadsTheListAndChangesOnlyWhatIsCounted() throws {
        let source = Self.source(items: 1_000)
        let query = try executor.operation(document: "{ items { id name owner { name } } }")
        let tree = try tree(query, source)
        let before = try fresh(query, source)
        _ = source.records.merge(record: Record(key: "Item:500", ["name": .string("renamed"), "owner": .null]))
        source.loaded = []
        let patched = try tree.patch(fields: [FieldKey(record: "Item:500", field: "name"),
                                              FieldKey(record: "Item:500", field: "owner")],
                                     removed: [], records: [], source: source)
        #expect(source.loaded.contains("QUERY_ROOT") && !source.loaded.contains("Item:1"))
        #expect(patched?.data == before.data)
        #expect(patched?.elided.objects(at: [.field("items"), .anyIndex, .field("owner")]) == 996)
        expectEqual(patched, try fresh(query, source))
    }

    @Test func aLeftOutItemsOwnerGoneMissesAndComesBack() throws {
        let source = Self.source(items: 20)
        let query = try executor.operation(document: "{ items { id owner { name } } }")
        let tree = try tree(query, source)
        let removed = source.records.removeRecord(for: "User:12")
        let missing = try tree.patch(fields: [], removed: ["User:12"], records: [], source: source)
        #expect(missing?.misses.map(\.reason) == [.danglingReference])
        expectEqual(missing, try fresh(query, source))
        _ = source.records.merge(record: try #require(removed))
        let back = try tree.patch(fields: [], removed: [], records: ["User:12"], source: source)
        expectEqual(back, try fresh(query, source))
    }

    @Test func aShortenedListReReadsOnlyTheList() throws {
        let source = Self.source(items: 100)
        let query = try executor.operation(document: "{ items { id owner { name } } }")
        let tree = try tree(query, source)
        let items = (0..<60).map { CacheValue.reference(CacheKey("Item:\($0)")) } + [.reference("Item:new")]
        _ = source.records.merge(records: RecordSet(records: [
            Record(key: "QUERY_ROOT", ["items": .list(items)]), Record(key: "Item:new", ["id": .string("new"), "owner": .null]),
        ]))
        source.loaded = []
        let patched = try tree.patch(fields: [FieldKey(record: "QUERY_ROOT", field: "items")], removed: [], records: [],
                                     source: source)
        #expect(source.loaded.contains("Item:new") && !source.loaded.contains("Item:1"))
        #expect(patched?.elided.elementCount == 58)
        expectEqual(patched, try fresh(query, source))
    }

    @Test func nestedListsLeftOutInsideALeftOutElementAreCounted() throws {
        var records = (0..<6).map { index in
            Record(key: CacheKey("User:\(index)"), ["name": .string("user \(index)"),
                                                     "friends": .list((0..<5).map { .reference(CacheKey("User:\(($0 + index) % 6)")) })])
        }
        records.append(Record(key: "QUERY_ROOT", ["users": .list((0..<6).map { .reference(CacheKey("User:\($0)")) })]))
        let source = CountingSource(RecordSet(records: records))
        let query = try executor.operation(document: "{ users { name friends { name } } }")
        let tree = try tree(query, source)
        _ = source.records.merge(record: Record(key: "User:5", ["friends": .list([.reference("User:0")])]))
        let patched = try tree.patch(fields: [FieldKey(record: "User:5", field: "friends")], removed: [], records: [],
                                     source: source)
        expectEqual(patched, try fresh(query, source))
        _ = source.records.merge(record: Record(key: "User:1", ["name": .null]))
        let renamed = try tree.patch(fields: [FieldKey(record: "User:1", field: "name")], removed: [], records: [],
                                     source: source)
        expectEqual(renamed, try fresh(query, source))
    }
}
