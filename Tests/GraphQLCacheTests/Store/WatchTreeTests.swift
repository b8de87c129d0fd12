import Synchronization
import Testing
@testable import GraphQLCache

/// A watch's kept read (`WatchTree`) patches what a change touched: it loads only the records
/// it must read again, and its result equals a from-scratch read.
@Suite struct WatchTreeTests {
    /// Counts the records a read loads.
    final class CountingSource: RecordSource, @unchecked Sendable {
        var records: RecordSet
        var loaded: [CacheKey] = []

        init(_ records: RecordSet) { self.records = records }

        func loadRecords(forKeys keys: Set<CacheKey>) throws -> [CacheKey: Record] {
            loaded += keys
            return try records.loadRecords(forKeys: keys)
        }
    }

    private static func source(items: Int) -> CountingSource {
        var records = (0..<items).map { index in
            Record(key: CacheKey("Item:\(index)"), ["id": .string("\(index)"), "name": .string("item \(index)")])
        }
        records.append(Record(key: "QUERY_ROOT", ["items": .list((0..<items).map { .reference(CacheKey("Item:\($0)")) })]))
        return CountingSource(RecordSet(records: records))
    }

    private let executor = GraphQLExecutor()

    private func fresh(_ query: GraphQLOperation, _ source: CountingSource) throws -> ReadResult {
        try executor.read(query, from: source.records)
    }

    private func expectEqual(_ patched: ReadResult?, _ fresh: ReadResult) {
        #expect(patched?.data == fresh.data)
        #expect(patched?.misses == fresh.misses)
        #expect(patched?.dependencies == fresh.dependencies)
    }

    @Test func oneEditLoadsOnlyTheEditedRecord() throws {
        let source = Self.source(items: 1_000)
        let query = try executor.operation(document: "{ items { id name } }")
        let (_, made) = try WatchTree.read(query, executor: executor, options: ReadOptions(), source: source)
        let tree = try #require(made)
        _ = source.records.merge(record: Record(key: "Item:500", ["name": .string("renamed")]))
        source.loaded = []
        let patched = try tree.patch(fields: [FieldKey(record: "Item:500", field: "name")], removed: [], records: [],
                                     source: source)
        #expect(source.loaded == ["Item:500"])
        expectEqual(patched, try fresh(query, source))
    }

    @Test func aRePointedListReadsOnlyTheRootAndTheNewItem() throws {
        let source = Self.source(items: 1_000)
        let query = try executor.operation(document: "{ items { id name } }")
        let (_, made) = try WatchTree.read(query, executor: executor, options: ReadOptions(), source: source)
        let tree = try #require(made)
        var items = (0..<1_000).map { CacheValue.reference(CacheKey("Item:\($0)")) }
        items[7] = .reference("Item:new")
        _ = source.records.merge(records: RecordSet(records: [
            Record(key: "QUERY_ROOT", ["items": .list(items)]),
            Record(key: "Item:new", ["id": .string("new"), "name": .string("new")]),
        ]))
        source.loaded = []
        let patched = try tree.patch(fields: [FieldKey(record: "QUERY_ROOT", field: "items")], removed: [], records: [],
                                     source: source)
        #expect(Set(source.loaded) == ["QUERY_ROOT", "Item:new"])
        expectEqual(patched, try fresh(query, source))
    }

    @Test func aRemovedItemMissesAndComesBack() throws {
        let source = Self.source(items: 100)
        let query = try executor.operation(document: "{ items { id name } }")
        let (_, made) = try WatchTree.read(query, executor: executor, options: ReadOptions(), source: source)
        let tree = try #require(made)
        let removed = source.records.removeRecord(for: "Item:42")
        let missing = try tree.patch(fields: [], removed: ["Item:42"], records: [], source: source)
        #expect(missing?.misses.map(\.reason) == [.danglingReference])
        expectEqual(missing, try fresh(query, source))
        _ = source.records.merge(record: try #require(removed))
        source.loaded = []
        let back = try tree.patch(fields: [], removed: [], records: ["Item:42"], source: source)
        #expect(!source.loaded.contains("Item:41"))
        expectEqual(back, try fresh(query, source))
    }

    @Test func aGoneRootAsksForAWholeRead() throws {
        let source = Self.source(items: 3)
        let query = try executor.operation(document: "{ items { id } }")
        let (_, made) = try WatchTree.read(query, executor: executor, options: ReadOptions(), source: source)
        let tree = try #require(made)
        _ = source.records.removeRecord(for: "QUERY_ROOT")
        #expect(try tree.patch(fields: [], removed: ["QUERY_ROOT"], records: [], source: source) == nil)
    }
}
