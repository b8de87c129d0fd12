import CacheExplorer
import CacheTestSupport
import GraphQLCache
import Testing

/// Landing where the thing is: an inbound reference opens the referrer at the element that
/// refers (`squads[0][1]`), a `:find` match at the matching field, and `n`/`N` step through
/// matches from every pane.
@Suite struct LandingTests {
    @Test func valuePathsNameListElementsAndObjectMembers() {
        let value = CacheValue.list([.list([.reference("A"), .reference("B")]), .object(["ship": .reference("B")])])
        let places = ValuePath.places(in: value, field: "squads") { $0 == .reference("B") }
        #expect(places.map(\.text) == ["squads[0][1]", "squads[1].ship"])
    }

    @Test(arguments: CacheKind.allCases)
    func inboundReferencesListEachReferringElementWithItsPath(kind: CacheKind) throws {
        var explorer = SquadsCache.explorer(kind)
        explorer.press(Key.sequence(from: "jj"))  // Human:1
        #expect(explorer.state.list.selectedRow?.key == "Human:1")
        explorer.send(.keyPressed(.character("r")))
        guard case .inbound(let list) = explorer.state.mode else { Issue.record("no inbound list"); return }
        #expect(list.references.map { "\($0.record) . \($0.place.text)" } == [
            "QUERY_ROOT . squads[0][1]", "Human:2 . friends[0]",
        ], "a reference inside an object value is JSON, not a reference (as the cache reads it)")
        #expect(explorer.render().text.contains("QUERY_ROOT . squads[0][1]"))
    }

    @Test(arguments: CacheKind.allCases)
    func enterOnAnInboundReferenceOpensTheReferrerAtThatElement(kind: CacheKind) throws {
        var explorer = SquadsCache.explorer(kind)
        explorer.press(Key.sequence(from: "jj") + [.character("r"), .enter])
        let view = try #require(explorer.state.record)
        #expect(view.key == .queryRoot)
        #expect(explorer.state.focus == .record)
        #expect(view.expanded == ["squads", "squads/0"])
        #expect(view.selectedRow?.id == "squads/0/1")
        #expect(view.selectedRow?.value == .reference("Human:1"))
        // The next one, in another record's list.
        explorer.press([.tab] + Key.sequence(from: "kj") + [.character("r"), .character("j"), .enter])
        #expect(explorer.state.record?.key == "Human:2")
        #expect(explorer.state.record?.selectedRow?.id == "friends/0")
    }

    /// Runs `:find TEXT` to its end (it searches off the explorer's thread).
    private func find(_ text: String, _ explorer: inout Explorer) {
        explorer.press([.character(":")] + Key.sequence(from: "find \(text)") + [.enter])
        let deadline = ContinuousClock.now + .seconds(10)
        while explorer.state.find?.isFinished == false, ContinuousClock.now < deadline { explorer.settle() }
    }

    @Test func findOpensTheMatchAtTheMatchingField() throws {
        var explorer = SquadsCache.explorer()
        find("alderaan", &explorer)
        explorer.send(.keyPressed(.character("n")))
        #expect(explorer.state.record?.key == "Human:2")
        #expect(explorer.state.record?.selectedRow?.field == "homePlanet")
        #expect(explorer.state.message?.text == "match 1/1: Human:2 · homePlanet")
        explorer.press([.escape, .escape])
        find("corellia", &explorer)
        explorer.send(.keyPressed(.character("n")))
        #expect(explorer.state.record?.selectedRow?.id == "address/planet")
    }

    @Test func nStepsThroughTheFilteredKeysFromTheRecordPane() throws {
        var explorer = SquadsCache.explorer()
        explorer.press([.character("/")] + Key.sequence(from: "human") + [.enter, .enter])
        #expect(explorer.state.focus == .record)
        #expect(explorer.state.record?.key == "Human:1")
        explorer.send(.keyPressed(.character("n")))
        #expect(explorer.state.focus == .record)
        #expect(explorer.state.record?.key == "Human:2")
        #expect(explorer.state.message?.text == "match 2/3: Human:2")
        explorer.send(.keyPressed(.character("N")))
        #expect(explorer.state.record?.key == "Human:1")
    }

    @Test func nStepsThroughTheFilteredKeysFromTheWatchesPane() throws {
        var explorer = SquadsCache.explorer()
        try #require(explorer.backend as? any WatchHosting).addWatch(name: "squads", document: "{ squads { name } }")
        explorer.send(.watchesDidUpdate)
        explorer.press([.character("/")] + Key.sequence(from: "human") + [.enter, .tab, .tab])
        #expect(explorer.state.focus == .watches)
        explorer.send(.keyPressed(.character("n")))
        #expect(explorer.state.focus == .watches)
        #expect(explorer.state.record?.key == "Human:2")
    }

    @Test func nOnAnEmptyConsoleLineStepsTheMatchesAndElseItIsText() throws {
        var explorer = SquadsCache.explorer()
        explorer.press([.character("/")] + Key.sequence(from: "human") + [.enter, .character("c"), .character("n")])
        #expect(explorer.state.focus == .record)
        #expect(explorer.state.record?.key == "Human:2")
        #expect(explorer.state.message?.text == "match 2/3: Human:2")
        explorer.press([.character("c"), .character("{"), .character("n")])
        #expect(explorer.state.focus == .query)
        #expect(explorer.state.console.input.text == "{n")
    }

    /// On a line with text (the document, the variables) `n` is text; `C-n`/`C-o` step.
    @Test func controlNAndControlOStepTheMatchesFromAnyConsoleLine() throws {
        var explorer = SquadsCache.explorer()
        explorer.press([.character("/")] + Key.sequence(from: "human") + [.enter, .character("c")] + Key.sequence(from: "{ hero")
                       + [.control("n")])
        #expect(explorer.state.console.input.text == "{ hero")
        #expect(explorer.state.record?.key == "Human:2")
        explorer.press([.character("c"), .tab, .character("{"), .control("n"), .control("o")])
        #expect(explorer.state.console.variables.text == "{")
        #expect(explorer.state.record?.key == "Human:2")
        #expect(explorer.state.message?.text == "match 2/3: Human:2")
    }

    @Test func aDoubleClickFollowsTheReferenceUnderIt() throws {
        var explorer = SquadsCache.explorer()
        explorer.press([.enter, .enter])  // QUERY_ROOT, squads open
        let row = Layout(state: explorer.state).record!.inner.row + 1  // squads[0]
        explorer.send(.mousePressed(row: row, column: 60))
        #expect(explorer.state.record?.selectedRow?.id == "squads/0")
        explorer.send(.mousePressed(row: row, column: 60))
        #expect(explorer.state.record?.expanded == ["squads", "squads/0"])
        explorer.send(.mousePressed(row: row + 2, column: 60))
        explorer.send(.tick(.seconds(5)))
        explorer.send(.mousePressed(row: row + 2, column: 60))
        #expect(explorer.state.record?.key == .queryRoot, "two clicks seconds apart are two clicks")
        explorer.send(.mousePressed(row: row + 2, column: 60))
        #expect(explorer.state.record?.key == "Human:1")
    }

    @Test func aDoubleClickTheTerminalReportsAsOneFollowsToo() throws {
        var explorer = SquadsCache.explorer()
        explorer.send(.mouseDoubleClicked(row: 2, column: 5))  // the list's second row: Droid:2001
        #expect(explorer.state.focus == .record)
        #expect(explorer.state.record?.key == "Droid:2001")
    }

    @Test func wListsTheWatchesThatReadTheSelectedFieldAndEnterOpensOne() throws {
        var explorer = SquadsCache.explorer()
        let host = try #require(explorer.backend as? any WatchHosting)
        try host.addWatch(name: "Names", document: "{ squads { name } }")
        try host.addWatch(name: "Planets", document: "{ squads { homePlanet } }")
        explorer.settle()
        explorer.send(.watchesDidUpdate)
        explorer.press(Key.sequence(from: "jj") + [.enter])  // Human:1, __typename selected
        explorer.press(Key.sequence(from: "jjj"))
        #expect(explorer.state.record?.selectedRow?.field == "name")
        explorer.send(.keyPressed(.character("W")))
        guard case .readers(let list) = explorer.state.mode else { Issue.record("no readers overlay"); return }
        #expect(list.watches == ["Names"])
        #expect(explorer.render().text.contains("1 watch read Human:1.name"))
        explorer.send(.keyPressed(.enter))
        #expect(explorer.state.openWatch == "Names")
        #expect(explorer.state.focus == .watches)
    }
}
