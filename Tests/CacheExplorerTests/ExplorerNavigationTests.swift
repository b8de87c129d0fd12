import CacheExplorer
import GraphQLCache
import Testing

/// Reducer tests: an action in, the whole expected state out.
@Suite struct ExplorerNavigationTests {
    @Test func openingListsRootsFirstInNaturalOrderWithTypenameAndSize() {
        let (explorer, _) = TinyCache.explorer()
        #expect(explorer.state == TinyCache.initialState())
    }

    @Test func movingDownSelectsTheNextKeyAndPreviewsItsRecord() {
        var (explorer, _) = TinyCache.explorer()
        explorer.send(.keyPressed(.character("j")))
        var expected = TinyCache.initialState()
        expected.list.selected = 1
        expected.record = TinyCache.droidView()
        #expect(explorer.state == expected)
    }

    @Test func thePreviewFollowsTheSelectionWithoutTouchingHistoryAndEnterFocusesIt() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.enter, .enter, .character("h"), .character("h"), .character("j"), .character("j")])
        #expect(explorer.state.focus == .records)
        #expect(explorer.state.record == TinyCache.view("Human:1000"))
        #expect(explorer.state.back == [])
        #expect(explorer.state.forward == ["Droid:2001"])
        explorer.send(.keyPressed(.enter))
        #expect(explorer.state.focus == .record)
        #expect(explorer.state.record == TinyCache.view("Human:1000"))
        #expect(explorer.state.back == [])
    }

    @Test func aStoreChangeKeepsAFollowedRecordShownWhileTheListHasFocus() throws {
        var (explorer, backend) = TinyCache.explorer()
        explorer.press([.enter, .enter, .tab])
        #expect(explorer.state.focus == .records)
        #expect(explorer.state.list.selectedRow?.key == .queryRoot)
        _ = try backend.write([Record(key: "Human:1003", ["name": .string("Leia")])])
        explorer.send(.storeDidChange(CacheChange()))
        #expect(explorer.state.record?.key == "Droid:2001")
        explorer.press([.character("j"), .character("j")])
        #expect(explorer.state.record == TinyCache.view("Human:1000"))
    }

    @Test func aFilterMatchingNothingLeavesNoRecordToPreview() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("/")] + Key.sequence(from: "zzz"))
        #expect(explorer.state.list.count == 0)
        #expect(explorer.state.record == nil)
    }

    @Test func enterOpensTheSelectedRecordAndFocusesIt() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("j"), .enter])
        var expected = TinyCache.initialState()
        expected.list.selected = 1
        expected.focus = .record
        expected.record = TinyCache.droidView()
        #expect(explorer.state == expected)
    }

    @Test func followingAReferenceRemembersWhereWeCameFrom() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.enter, .enter])
        var expected = TinyCache.initialState()
        expected.focus = .record
        expected.record = TinyCache.droidView()
        expected.back = [.queryRoot]
        expected.places = [.queryRoot: RecordPlace()]
        #expect(explorer.state == expected)
        #expect(explorer.state.breadcrumbs == [.queryRoot, "Droid:2001"])
    }

    @Test func backAndForwardWalkTheHistory() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.enter, .enter, .character("h")])
        #expect(explorer.state.record?.key == .queryRoot)
        #expect(explorer.state.back == [])
        #expect(explorer.state.forward == ["Droid:2001"])
        explorer.send(.keyPressed(.character("l")))
        #expect(explorer.state.record?.key == "Droid:2001")
        #expect(explorer.state.back == [.queryRoot])
        #expect(explorer.state.forward == [])
    }

    @Test func enterOnAListExpandsItAndMarksTheDanglingReference() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("j"), .enter, .character("j"), .character("j"), .enter])
        var expected = TinyCache.initialState()
        expected.list.selected = 1
        expected.focus = .record
        expected.record = TinyCache.droidView(selected: 2, expanded: true)
        #expect(explorer.state == expected)
    }

    @Test func followingADanglingReferenceShowsTheAbsentRecord() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("j"), .enter, .character("j"), .character("j"), .enter, .character("j"), .character("j"), .enter])
        #expect(explorer.state.record == RecordViewState(key: "Human:9999", exists: false))
        #expect(explorer.state.message == StatusMessage("Human:9999 does not exist (dangling reference)", isError: true))
    }

    @Test func filterNarrowsTheListAsYouTypeAndEscapeClearsIt() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("/"), .character("h"), .character("u")])
        var expected = TinyCache.initialState()
        expected.mode = .filter(LineInput("hu"))
        expected.list = RecordListState(filter: "hu", count: 2, rows: [TinyCache.row("Human:1000"), TinyCache.row("Human:1002")])
        expected.record = TinyCache.view("Human:1000")
        #expect(explorer.state == expected)
        explorer.send(.keyPressed(.escape))
        #expect(explorer.state == TinyCache.initialState())
    }

    @Test func nextMatchWrapsAroundTheFilteredKeys() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("/"), .character("h"), .enter, .character("n")])
        #expect(explorer.state.list.selectedRow?.key == "Human:1002")
        explorer.send(.keyPressed(.character("n")))
        #expect(explorer.state.list.selectedRow?.key == "Human:1000")
        explorer.send(.keyPressed(.character("N")))
        #expect(explorer.state.list.selectedRow?.key == "Human:1002")
        #expect(explorer.state.message == nil)
    }

    @Test func resizingKeepsTheSelectionVisible() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("G")])
        explorer.send(.resized(Size(width: 40, height: 6)))
        #expect(explorer.state.size == Size(width: 40, height: 6))
        #expect(explorer.state.list.selected == 3)
        #expect(explorer.state.list.top == 2)
        #expect(explorer.state.list.rows == [TinyCache.row("Human:1000"), TinyCache.row("Human:1002")])
    }

    @Test func clickSelectsTheRowUnderTheMouseAndTheWheelScrolls() {
        var (explorer, _) = TinyCache.explorer()
        explorer.send(.mousePressed(row: 3, column: 5))
        #expect(explorer.state.list.selected == 2)
        #expect(explorer.state.focus == .records)
        explorer.send(.mouseScrolled(row: 3, column: 5, lines: 3))
        #expect(explorer.state.list.selected == 3)
    }

    @Test func unboundKeySaysSoAndChangesNothingElse() {
        var (explorer, _) = TinyCache.explorer()
        explorer.send(.keyPressed(.character("z")))
        var expected = TinyCache.initialState()
        expected.message = StatusMessage("z is not bound; ? shows the keys", isError: true)
        #expect(explorer.state == expected)
    }

    @Test func quitKeysFinish() {
        var (explorer, _) = TinyCache.explorer()
        explorer.send(.keyPressed(.control("c")))
        #expect(explorer.isFinished)
        var (other, _) = TinyCache.explorer()
        other.press(Key.sequence(from: ":") + Key.sequence(from: "quit") + [.enter])
        #expect(other.isFinished)
    }

    @Test func qQuitsAndCOpensTheQueryConsole() {
        var (explorer, _) = TinyCache.explorer()
        explorer.send(.keyPressed(.character("c")))
        #expect(explorer.state.focus == .query)
        #expect(!explorer.isFinished)
        explorer.press([.escape, .character("q")])
        #expect(explorer.isFinished)
    }

    @Test func backClosesTheOpenListAroundTheFieldBeforeLeavingTheRecord() {
        var (explorer, _) = TinyCache.explorer()
        // QUERY_ROOT, follow hero to Droid:2001, open `friends`, select its second item.
        explorer.press([.enter, .enter, .character("j"), .character("j"), .enter, .character("j"), .character("j")])
        #expect(explorer.state.record?.selectedRow?.label == "[1]")
        explorer.send(.keyPressed(.character("h")))
        #expect(explorer.state.record == TinyCache.droidView(selected: 2))
        explorer.press([.enter, .left])
        #expect(explorer.state.record == TinyCache.droidView(selected: 2))
        explorer.send(.keyPressed(.character("h")))
        #expect(explorer.state.record?.key == .queryRoot)
    }

    @Test func backReturnsToTheFieldAndTheOpenListsItLeft() {
        var (explorer, _) = TinyCache.explorer()
        // Droid:2001, open `friends`, follow its first item to Human:1000, then back.
        explorer.press([.character("j"), .enter, .character("j"), .character("j"), .enter, .character("j"), .enter])
        #expect(explorer.state.record?.key == "Human:1000")
        explorer.send(.keyPressed(.character("h")))
        #expect(explorer.state.record?.key == "Droid:2001")
        #expect(explorer.state.record?.expanded == ["friends"])
        #expect(explorer.state.record?.selectedRow?.label == "[0]")
        explorer.press([.character("j"), .character("l"), .character("h")])
        #expect(explorer.state.record?.selectedRow?.label == "[1]")
    }

    @Test func tabSkipsTheWatchesPaneWhileThereAreNoWatches() throws {
        var (explorer, backend) = TinyCache.explorer()
        explorer.press([.tab])
        #expect(explorer.state.focus == .record)
        explorer.press([.tab])
        #expect(explorer.state.focus == .records)
        try backend.addWatch(name: "hero", document: "{ hero { name } }")
        explorer.send(.watchesDidUpdate)
        explorer.press([.tab, .tab])
        #expect(explorer.state.focus == .watches)
    }

    @Test func aFilterTypedFromTheRecordPaneMovesThePreviewAndDeleteTargetsIt() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.enter, .enter])  // the record pane shows Droid:2001, followed from QUERY_ROOT
        explorer.press([.character("/")] + Key.sequence(from: "1002"))
        #expect(explorer.state.list.selectedRow?.key == "Human:1002")
        #expect(explorer.state.record?.key == "Human:1002")
        explorer.press([.enter, .character("d")])
        #expect(explorer.state.mode == .confirm(.delete("Human:1002")))
        explorer.press([.escape, .tab, .character("d")])
        #expect(explorer.state.focus == .records)
        #expect(explorer.state.mode == .confirm(.delete("Human:1002")))
    }
}
