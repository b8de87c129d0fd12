import CacheExplorer
import GraphQLCache
import Testing

@Suite struct VirtualisedListTests {
    @Test func aMillionKeysAreBrowsedOnePageAtATime() {
        let backend = SyntheticBackend(count: 1_000_000)
        var explorer = Explorer(backend: backend, size: Size(width: 80, height: 24))
        let page = 20
        // The first page, and the selected record for the preview.
        #expect(backend.log == SyntheticBackend.Calls(pages: [page], recordsLoaded: page + 1, scans: 0))
        explorer.press([.character("G")])
        #expect(explorer.state.list.selected == 999_999)
        #expect(explorer.state.list.top == 1_000_000 - page)
        #expect(explorer.state.list.rows.first?.key == "Item:999980")
        explorer.press([.character("k"), .pageUp, .character("g")])
        let log = backend.log
        #expect(log.scans == 0)
        #expect(log.pages.allSatisfy { $0 == page })
        // At most every page's rows (rows still in view after a move are kept), and one
        // preview record for each of the five selections.
        #expect(log.recordsLoaded <= page * log.pages.count + 5)
    }

    @Test func movingWithinThePageFetchesNothing() {
        let backend = SyntheticBackend(count: 1_000_000)
        var explorer = Explorer(backend: backend, size: Size(width: 80, height: 24))
        explorer.press(Array(repeating: .character("j"), count: 19))
        #expect(backend.log.pages.count == 1)
        #expect(backend.log.recordsLoaded == 20 + 1 + 19, "one preview record per move")
        explorer.press([.character("j")])
        #expect(backend.log.pages.count == 2)
        #expect(explorer.state.list.top == 1)
    }

    /// Holding `j` past the page's end scrolls a row at a time: each step reads the one row that
    /// came into view (and the record it selects), not the whole page again (a page of 36 rows,
    /// read and decoded at every step, was most of a key while a big delete ran).
    @Test func scrollingOneRowReadsOnlyTheRowThatCameIntoView() {
        let backend = SyntheticBackend(count: 1_000)
        var explorer = Explorer(backend: backend, size: Size(width: 80, height: 24))
        explorer.press(Array(repeating: .character("j"), count: 19))
        let before = backend.log.recordsLoaded
        explorer.press([.character("j")])
        #expect(explorer.state.list.top == 1)
        #expect(backend.log.recordsLoaded - before == 2, "the new row and the selected record")
        #expect(explorer.state.list.rows.map(\.key) == (1...20).map { CacheKey("Item:\($0)") })
        #expect(explorer.state.list.rows.allSatisfy { $0.typename == "Item" })
        explorer.press([.character("g")])
        #expect(explorer.state.list.top == 0)
        #expect(explorer.state.list.rows.first?.typename == "Item")
    }
}
