import CacheExplorer
import CacheTestSupport
import GraphQLCache
import Testing

/// Dangling means dangling: every element of a long list is checked when it is shown, so a
/// reference past the first thousand to an existing record is never marked, and an absent one
/// is, wherever it sits.
@Suite struct DanglingReferenceTests {
    /// `List:1.items` holds 1,500 references to existing items, except that item 1,400 is absent.
    static func explorer(_ kind: CacheKind, in directory: TemporaryDirectory) throws -> Explorer {
        let cache = try kind.makeCache(in: directory)
        let items = (0..<1500).map { CacheValue.reference(CacheKey("Item:\($0)")) }
        var records = [Record(key: "QUERY_ROOT", ["list": .reference("List:1")]), Record(key: "List:1", ["items": .list(items)])]
        records += (0..<1500).filter { $0 != 1400 }.map { Record(key: CacheKey("Item:\($0)"), ["name": .string("item \($0)")]) }
        try cache.merge(records: RecordSet(records: records))
        return Explorer(backend: StoreBackend(cache: cache, sourceName: "items"), size: Size(width: 100, height: 30))
    }

    @Test(arguments: CacheKind.allCases)
    func everyShownReferenceToAnExistingRecordIsNotDanglingAndTheAbsentOneIs(kind: CacheKind) throws {
        let directory = try TemporaryDirectory()
        var explorer = try Self.explorer(kind, in: directory)
        explorer.press([.character("G"), .enter, .enter])
        #expect(explorer.state.record?.key == "List:1")
        #expect(explorer.state.record?.rows.count == 1501)
        var dangling: Set<String> = []
        var seen: Set<String> = []
        // Page down: every row on screen is checked as it shows.
        let height = Layout(state: explorer.state).recordPageHeight
        while let view = explorer.state.record {
            for row in view.rows[view.top..<min(view.rows.count, view.top + height)] where row.depth == 1 {
                seen.insert(row.label)
                if row.isDangling { dangling.insert(row.label) }
            }
            if view.top + height >= view.rows.count { break }
            explorer.press([.pageDown])
        }
        #expect(seen.count == 1500)
        #expect(dangling == ["[1400]"])
    }
}
