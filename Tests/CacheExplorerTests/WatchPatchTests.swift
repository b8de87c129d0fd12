import CacheDiagnostics
import GraphQLCache
import Testing
@testable import CacheExplorer

/// Issue 31: an explorer watch over a long list (read with the pane's `listElementLimit`)
/// patches its kept read after a change to a shown item instead of reading every item again,
/// and after any change shows exactly what a whole read shows: the pane's lines and the
/// report, totals over every item.
@Suite struct WatchPatchTests {
    private static let document = "query Items { items { name owner { name } } }"
    private static let itemCount = 5_000

    /// Items each owned by one of 7 users; `User:3` has no name, so every seventh item misses.
    private static func records() -> [Record] {
        let items = (0..<itemCount).map { i in
            Record(key: CacheKey("Item:\(i)"), ["name": .string("Item \(i)"), "owner": .reference(CacheKey("User:\(i % 7)"))])
        }
        let users = (0..<7).map { j in Record(key: CacheKey("User:\(j)"), j == 3 ? ["id": .string("3")] : ["name": .string("User \(j)")]) }
        return items + users + [Record(key: .queryRoot, ["items": .list(items.map { .reference($0.key) })])]
    }

    /// The watch and what a whole read of its query shows now, as the pane and report show it.
    private func expectShowsAWholeRead(_ watch: WatchSnapshot, _ store: CacheStore, _ cache: GatedCache,
                                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let query = try store.executor.operation(document: Self.document)
        let whole = try store.readResult(query: query, options: ReadOptions(missesAsNull: true))
        let firstMiss = try #require(whole.misses.first)
        #expect(watch.resultLines == ResultLines.lines(whole.data) + ["✗ " + GraphQLCacheError.cacheMiss(firstMiss).description],
                sourceLocation: sourceLocation)
        let diagnoser = MissDiagnoser(configuration: store.executor.configuration, cache: cache)
        #expect(watch.report == QueryReport(try MissExplanation(result: whole, diagnoser: diagnoser)), sourceLocation: sourceLocation)
        #expect(watch.dependencies == whole.dependencies, sourceLocation: sourceLocation)
    }

    @Test func anEditUnderALongWatchLoadsOnlyWhatChanged() throws {
        let cache = GatedCache(records: RecordSet(records: Self.records()), threshold: .max)
        let store = CacheStore(cache: cache)
        let backend = StoreBackend(client: GraphQLClient(store: store, transport: ScriptedTransport()), browsing: cache,
                                   sourceName: "long", usesNetwork: false)
        try backend.addWatch(name: nil, document: Self.document)
        backend.waitUntilIdle()
        #expect(cache.keysLoaded >= Self.itemCount)
        // A shown item (patched alone), then one the watch leaves out and an owner many items
        // share (each re-reads the list, which reads the items left out again).
        let edits: [(Record, String?)] = [
            (Record(key: "Item:1", ["name": .string("renamed")]), #"items[1].name: "renamed""#),
            (Record(key: "Item:4000", ["name": .string("far"), "owner": .null]), nil),
            (Record(key: "User:3", ["name": .string("User 3")]), #"items[3].owner.name: "User 3""#),
        ]
        for (number, (record, line)) in edits.enumerated() {
            let before = cache.keysLoaded
            _ = try backend.write([record])
            backend.waitUntilIdle()
            let watch = try #require(backend.watches().first)
            #expect(watch.updateCount == number + 2)
            if let line { #expect(watch.resultLines.contains(line), "\(watch.resultLines.prefix(8))") }
            // A whole read would load all 5,000 items again.
            if number == 0 { #expect(cache.keysLoaded - before <= 10, "\(cache.keysLoaded - before) keys loaded") }
            if number < 2 { try expectShowsAWholeRead(watch, store, cache) }
        }
    }
}
