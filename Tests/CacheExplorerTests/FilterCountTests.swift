import CacheDiagnostics
import CacheExplorer
import GraphQLCache
import Testing

/// A filter over many keys shows its first page before its count, which arrives later as
/// `.keysCounted`; moves that need more of the count ask for it.
@Suite struct FilterCountTests {
    private let size = Size(width: 80, height: 24)

    private func filtered(_ backend: LaterCountBackend, _ text: String) -> Explorer {
        var explorer = Explorer(backend: backend, size: size)
        explorer.press([.character("/")] + text.map { Key.character($0) })
        return explorer
    }

    @Test func aFilterShowsItsFirstPageAndALowerBoundBeforeItsCount() throws {
        let backend = LaterCountBackend(count: 5000)
        let explorer = filtered(backend, "1")
        #expect(!explorer.state.list.countIsExact)
        #expect(explorer.state.list.rows.map(\.key) == Array(try backend.keys(matching: "1", offset: 0, limit: 20)))
        #expect(explorer.render().text.contains("\(explorer.state.list.count)+ matching"))
        #expect(backend.countsRequested.last == "1")
    }

    @Test func theCountArrivesAsAnAction() throws {
        let backend = LaterCountBackend(count: 5000)
        var explorer = filtered(backend, "1")
        explorer.send(.keysCounted(filter: "1", count: try backend.keyCount(matching: "1")))
        #expect(explorer.state.list.countIsExact)
        #expect(explorer.state.list.count == (try backend.keyCount(matching: "1")))
        #expect(explorer.render().text.contains("\(MissGroup.number(explorer.state.list.count)) matching"))
    }

    @Test func aCountOfAnotherFilterIsIgnored() {
        let backend = LaterCountBackend(count: 5000)
        var explorer = filtered(backend, "12")
        let before = explorer.state.list
        explorer.send(.keysCounted(filter: "1", count: 4000))
        #expect(explorer.state.list == before)
    }

    @Test func theBottomWaitsForTheFullCount() throws {
        let backend = LaterCountBackend(count: 5000)
        var explorer = filtered(backend, "1")
        explorer.press([.enter, .character("G")])
        let expected = try backend.keyCount(matching: "1")
        #expect(explorer.state.list.countIsExact)
        #expect(explorer.state.list.selected == expected - 1)
        #expect(explorer.state.list.selectedRow?.key == (try backend.keys(matching: "1", offset: expected - 1, limit: 1)).first)
    }

    @Test func pagingPastTheKnownMatchesAsksForMore() {
        let backend = LaterCountBackend(count: 5000)
        var explorer = filtered(backend, "1")
        explorer.press([.enter])
        let known = explorer.state.list.count
        explorer.press(Array(repeating: .pageDown, count: 3))
        #expect(explorer.state.list.count > known)
        #expect(explorer.state.list.selected < explorer.state.list.count)
        #expect(explorer.state.list.selectedRow != nil)
    }

    @Test func aWrappingPreviousMatchSelectsTheLastOne() throws {
        let backend = LaterCountBackend(count: 5000)
        var explorer = filtered(backend, "1")
        explorer.press([.enter, .character("N")])
        #expect(explorer.state.list.selected == (try backend.keyCount(matching: "1")) - 1)
    }

    @Test func theLoopDeliversTheCount() throws {
        let backend = LaterCountBackend(count: 5000)
        let terminal = HeadlessTerminal(size: size)
        terminal.type([.character("/"), .character("1")])
        var loop = ExplorerLoop(explorer: Explorer(backend: backend, size: size), terminal: terminal)
        loop.run(untilIdle: true)
        #expect(!loop.explorer.state.list.countIsExact)
        backend.deliverCounts()
        loop.run(untilIdle: true)
        #expect(loop.explorer.state.list.countIsExact)
        #expect(loop.explorer.state.list.count == (try backend.keyCount(matching: "1")))
    }
}
