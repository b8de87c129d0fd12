import CacheDiagnostics
import CacheTestSupport
import GraphQLCache
import Testing
@testable import CacheExplorer

/// A watch over a list longer than what it shows keeps only the elements shown, and shows
/// exactly what it showed when it kept them all: the pane's lines, the report's tree, its miss
/// groups and their totals over every element, on both caches.
@Suite struct LongWatchTests {
    private static let document = "query Items { items { name owner { name } } }"

    /// `count` items, each owned by one of 7 users; `User:3` has no name, so every seventh item
    /// misses `owner.name`, far beyond the elements a watch keeps.
    private static func records(_ count: Int) -> [Record] {
        let items = (0..<count).map { i in
            Record(key: CacheKey("Item:\(i)"), ["name": .string("Item \(i)"), "owner": .reference(CacheKey("User:\(i % 7)"))])
        }
        let users = (0..<7).map { j in Record(key: CacheKey("User:\(j)"), j == 3 ? ["id": .string("3")] : ["name": .string("User \(j)")]) }
        return items + users + [Record(key: .queryRoot, ["items": .list(items.map { .reference($0.key) })])]
    }

    private static func backend(_ kind: CacheKind, items: Int) throws -> (StoreBackend, CacheStore) {
        let store = kind.makeStore(records(items))
        let backend = StoreBackend(client: GraphQLClient(store: store, transport: ScriptedTransport()), browsing: try store.browsing,
                                   sourceName: "long", usesNetwork: false)
        return (backend, store)
    }

    @Test(arguments: CacheKind.allCases)
    func aLongWatchShowsWhatAWholeReadShows(_ kind: CacheKind) throws {
        let count = ExplorerWatch.shownElements * 3
        let (backend, store) = try Self.backend(kind, items: count)
        try backend.addWatch(name: nil, document: Self.document)
        backend.waitUntilIdle()
        let watch = try #require(backend.watches().first)
        let query = try store.executor.operation(document: Self.document)
        let whole = try store.readResult(query: query, options: ReadOptions(missesAsNull: true))
        #expect(whole.data?["items"]?.arrayValue?.count == count)
        // The read misses (User:3 has no name): the watch shows the data, then the first miss.
        let firstMiss = try #require(whole.misses.first)
        #expect(watch.resultLines == ResultLines.lines(whole.data) + ["✗ " + GraphQLCacheError.cacheMiss(firstMiss).description])
        let diagnoser = MissDiagnoser(configuration: store.executor.configuration, cache: try store.browsing)
        let expected = QueryReport(try MissExplanation(result: whole, diagnoser: diagnoser))
        #expect(watch.report == expected)
        let misses = (0..<count).filter { $0 % 7 == 3 }.count
        #expect(watch.report?.groups.first?.contains("\(misses) of \(count)") == true, "\(watch.report?.groups ?? [])")
        #expect(watch.dependencies.recordCount == count + 7 + 1)
    }

    /// The open watch scrolls to the end of its report: the last elements it draws, then how
    /// many more there are.
    @Test func theWorkspaceOfALongWatchScrollsToItsEnd() throws {
        let count = ExplorerWatch.shownElements * 3
        let (backend, _) = try Self.backend(.sqlite, items: count)
        var explorer = Explorer(backend: backend, size: Size(width: 100, height: 30))
        try backend.addWatch(name: nil, document: Self.document)
        explorer.settle()
        explorer.send(.watchesDidUpdate)
        explorer.press([.tab, .tab, .enter])
        #expect(explorer.state.openWatch == "Items")
        explorer.press([.character("G")])
        let screen = explorer.render().text
        let more = count - QueryReport.elementLimit
        #expect(screen.contains("… \(MissGroup.number(more)) more (their misses are in the groups above)"), "\(screen)")
        #expect(screen.contains("[\(QueryReport.elementLimit - 1)]"))
        #expect(!screen.contains("more ↓"))
    }

    /// The list limit keeps the first elements, puts null for the others, counts what it left
    /// out, and changes nothing of the misses or dependencies.
    @Test(arguments: CacheKind.allCases)
    func aListLimitLeavesOutOnlyTheDataOfLaterElements(_ kind: CacheKind) throws {
        let (_, store) = try Self.backend(kind, items: 40)
        let query = try store.executor.operation(document: "query { items { name owner { name } } tags: items { name } }")
        let whole = try store.readResult(query: query, options: ReadOptions(missesAsNull: true))
        let cut = try store.readResult(query: query, options: ReadOptions(missesAsNull: true, listElementLimit: 10))
        let items = try #require(cut.data?["items"]?.arrayValue)
        #expect(items.count == 40)
        #expect(Array(items.prefix(10)) == Array(whole.data?["items"]?.arrayValue?.prefix(10) ?? []))
        #expect(items.dropFirst(10).allSatisfy { $0 == .null })
        #expect(cut.misses == whole.misses)
        #expect(cut.dependencies == whole.dependencies)
        #expect(cut.elided.elementCount == 60)
        #expect(cut.elided.objects(at: [.field("items"), .anyIndex]) == 30)
        #expect(cut.elided.objects(at: [.field("items"), .anyIndex, .field("owner")]) == 30)
        #expect(MissGroup.group(cut.misses, data: cut.data, elided: cut.elided) == MissGroup.group(whole.misses, data: whole.data))
    }

    /// The query console keeps only the elements its report draws, and reports exactly what a
    /// whole read gives.
    @Test(arguments: CacheKind.allCases)
    func theConsoleReportsALongListAsAWholeReadDoes(_ kind: CacheKind) throws {
        let count = QueryReport.elementLimit * 5
        let (_, store) = try Self.backend(kind, items: count)
        let explainer = QueryExplainer(executor: store.executor)
        let report = try explainer.explain(document: Self.document, variables: nil, store: store, cache: try store.browsing)
        let query = try store.executor.operation(document: Self.document)
        let whole = try store.readResult(query: query, options: ReadOptions(missesAsNull: true))
        let diagnoser = MissDiagnoser(configuration: store.executor.configuration, cache: try store.browsing)
        #expect(report == QueryReport(try MissExplanation(result: whole, diagnoser: diagnoser)))
        #expect(report.lines.contains { $0.text.contains("\(MissGroup.number(count - QueryReport.elementLimit)) more") })
    }
}
