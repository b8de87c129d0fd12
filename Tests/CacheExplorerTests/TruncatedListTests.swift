@testable import CacheExplorer
import GraphQLCache
import Testing

/// Every list the explorer cuts short says how many it did not show ("… and 3 more"), never
/// a bare "…".
@Suite struct TruncatedListTests {
    @Test func exportNamesThreeBrokenRowsAndCountsTheRest() {
        let rows = BrokenRowSummary(brokenKeys: ["A:1", "A:2", "A:3", "A:4", "A:5"])
        #expect(Explorer.notExported(rows) == "; not exported: 5 broken rows (A:1, A:2, A:3, … and 2 more)")
    }

    @Test func aWatchNamesThreeChangedKeysAndCountsTheRest() {
        #expect(ExplorerWatch.changedKeyList(["a.x", "b.x", "c.x", "d.x", "e.x"]) == ["a.x", "b.x", "c.x", "… and 2 more"])
        #expect(ExplorerWatch.changedKeyList(["a.x", "b.x"]) == ["a.x", "b.x"])
    }

    @Test func aCollapsedObjectPreviewSaysThatMembersAreLeftOut() {
        let object = CacheValue.object(["a": .int(1), "b": .int(2), "c": .int(3), "d": .int(4), "e": .int(5), "f": .int(6)])
        let text = ValueText.segments(object, dangling: false, expanded: false).map(\.0).joined()
        #expect(text == "▸ {6} a, b, c, d, …")
    }

    @Test func theWatchPaneSaysHowManyLinesItCut() {
        let block: [(String, StyleRole)] = [("header", .title), ("summary", .textDim)] + (1...8).map { ("line \($0)", StyleRole.text) }
        let rows = Renderer.fit(block, rows: 4, openKey: "Enter")
        #expect(rows.map(\.0) == ["header", "line 1", "line 2", "   … and 6 more lines: Enter opens the watch"])
        let capped = Renderer.fit(block, rows: 4, openKey: "Enter", capped: true)
        #expect(capped.last?.0 == "   … and 6+ more lines: Enter opens the watch")
    }

    /// Counts read as the status bar's do (`100,101 records`): a delete of 1,200 records says
    /// `1,200 records contain`, `… and 1,192 more`, `1,200 references would dangle`.
    @Test func aPatternPreviewGroupsTheDigitsOfItsCounts() {
        let items = (0..<1_200).map { Record(key: CacheKey("Item:\($0)"), ["n": .int($0)]) }
        let root = Record(key: .queryRoot, ["items": .list(items.map { .reference($0.key) })])
        let cache = InMemoryNormalizedCache(records: RecordSet(records: items + [root]))
        var explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "grouped"), size: Size(width: 100, height: 30))
        explorer.press([.character("D")] + Key.sequence(from: "Item:") + [.enter])
        let screen = explorer.render().text
        #expect(screen.contains("1,200 records contain"), "\(screen)")
        #expect(screen.contains("… and 1,192 more"), "\(screen)")
        #expect(screen.contains("1,200 references would dangle"), "\(screen)")
    }

    @Test func theInboundListGroupsTheDigitsOfItsCount() {
        let owners = (0..<1_200).map { Record(key: CacheKey("Item:\($0)"), ["owner": .reference("User:1")]) }
        let cache = InMemoryNormalizedCache(records: RecordSet(records: owners + [Record(key: "User:1", ["id": .string("1")])]))
        var explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "grouped"), size: Size(width: 100, height: 30))
        explorer.press(Key.sequence(from: "/User:1") + [.enter, .character("r")])
        let screen = explorer.render().text
        #expect(screen.contains("1,200 inbound to User:1"), "\(screen)")
    }

    @Test func aPatternPreviewCountsTheKeysAndReferencesItLeavesOut() throws {
        var explorer = try Fixtures.sampleExplorer(size: Size(width: 100, height: 30))
        explorer.press([.character("D")] + Key.sequence(from: "Human:") + [.enter])
        let screen = explorer.render().text
        #expect(screen.contains("… and"), "\(screen)")
        #expect(screen.contains("would dangle"), "\(screen)")
    }
}
