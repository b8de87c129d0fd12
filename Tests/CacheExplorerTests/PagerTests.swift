import CacheExplorer
import GraphQLCache
import Testing

/// The pager ("view whole"): a long value ends with `…` in the record pane and Enter or `v`
/// shows it whole; `/` searches with n/N; `J` shows the record as Apollo record JSON; `E`
/// hands the text to `$PAGER`; lint findings and the console's report open in it too.
@Suite struct PagerTests {
    static let longText = (1...40).map { "word\($0)" }.joined(separator: " ") + " TATOOINE-END"

    static func explorer(size: Size = Size(width: 80, height: 24), environment: ExplorerEnvironment = .isolated) -> Explorer {
        let records = [
            Record(key: .queryRoot, ["review": .reference("Review:1")]),
            Record(key: "Review:1", [
                "__typename": .string("Review"), "commentary": .string(longText), "stars": .int(5),
                "author": .reference("Human:1000"), "tags": .list([.string("a"), .reference("Human:1000")]),
            ]),
            Record(key: "Human:1000", ["__typename": .string("Human"), "name": .string("Luke")]),
        ]
        let backend = StoreBackend(cache: InMemoryNormalizedCache(records: RecordSet(records: records)), sourceName: "reviews")
        return Explorer(backend: backend, size: size, environment: environment)
    }

    /// The key that opens the query console (named here only).
    static let openConsole: [Key] = [.character("c")]

    /// The explorer with Review:1's `commentary` selected in the record pane.
    static func onCommentary(environment: ExplorerEnvironment = .isolated) -> Explorer {
        var explorer = explorer(environment: environment)
        explorer.press([.character("G"), .enter])
        let index = explorer.state.record?.rows.firstIndex { $0.field == "commentary" } ?? 0
        explorer.press(Array(repeating: .character("j"), count: index))
        return explorer
    }

    @Test func aLongValueEndsWithAnEllipsisAndEnterShowsItWhole() throws {
        var explorer = Self.onCommentary()
        let line = try #require(explorer.render().text.split(separator: "\n").first { $0.contains("commentary") })
        #expect(line.contains("…"), "the cut value does not say so: \(line)")
        explorer.press([.enter])
        guard case .pager(let pager) = explorer.state.mode else { Issue.record("no pager: \(explorer.state.mode)"); return }
        #expect(pager.text == Self.longText)
        #expect(pager.title == "Review:1 · commentary")
        let screen = explorer.render().text
        #expect(screen.contains("TATOOINE-END"))
        for row in pager.rows { #expect(DisplayWidth.of(row) <= Pager.textWidth(explorer.state.size)) }
        explorer.press([.character("q")])
        #expect(explorer.state.mode == .normal)
    }

    @Test func theWheelAndSpaceScrollThePager() {
        var explorer = Self.explorer(size: Size(width: 40, height: 8))
        explorer.press([.character("G"), .enter])
        let index = explorer.state.record?.rows.firstIndex { $0.field == "commentary" } ?? 0
        explorer.press(Array(repeating: .character("j"), count: index) + [.character("v")])
        explorer.send(.mouseScrolled(row: 2, column: 2, lines: 2))
        guard case .pager(let scrolled) = explorer.state.mode else { Issue.record("no pager: \(explorer.state.mode)"); return }
        #expect(scrolled.rows.count > 6)
        #expect(scrolled.top == 2)
        explorer.press([.character("g"), .character(" ")])
        guard case .pager(let paged) = explorer.state.mode else { return }
        #expect(paged.top == min(Pager.textHeight(explorer.state.size), paged.rows.count - Pager.textHeight(explorer.state.size)))
        explorer.press([.character("G")])
        guard case .pager(let end) = explorer.state.mode else { return }
        #expect(end.top == end.rows.count - Pager.textHeight(explorer.state.size))
        #expect(explorer.render().text.contains("TATOOINE-END"))
    }

    @Test func thePagerWithASearchAndTheJSONViewAreGoldenScreens() {
        var explorer = Self.explorer(size: Size(width: 80, height: 24))
        explorer.press([.character("G"), .character("J")])
        GoldenScreen.check(explorer.render(), suite: "PagerTests", name: "recordJSON-80x24")
        explorer.press([.character("/")] + Key.sequence(from: "reference") + [.enter])
        GoldenScreen.check(explorer.render(), suite: "PagerTests", name: "recordJSONSearched-80x24")
    }

    @Test func enterInAnOpenWatchShowsItWhole() throws {
        var explorer = try Fixtures.sampleExplorer()
        explorer.press([.character("w")] + Key.sequence(from: "query Nick { hero { name nickname } }") + [.enter])
        explorer.settle()
        #expect(explorer.state.focus == .watches)
        explorer.press([.enter])
        #expect(explorer.state.openWatch == "Nick")
        explorer.press([.enter])
        guard case .pager(let pager) = explorer.state.mode else { Issue.record("no pager: \(explorer.state.mode)"); return }
        #expect(pager.title == "Watch Nick")
        #expect(pager.text.contains("query Nick { hero { name nickname } }"))
        #expect(pager.text.contains("nickname"))
    }

    @Test func enterOnAShortValueStillSaysHowToEditIt() {
        var explorer = Self.explorer()
        explorer.press([.character("G"), .enter])
        let stars = explorer.state.record?.rows.firstIndex { $0.field == "stars" } ?? 0
        explorer.press(Array(repeating: .character("j"), count: stars) + [.enter])
        #expect(explorer.state.mode == .normal)
        #expect(explorer.state.message?.text == "stars is a int; e edits it")
    }

    @Test func slashSearchesAndNAndShiftNWalkTheMatches() throws {
        var explorer = Self.explorer(size: Size(width: 40, height: 12))
        explorer.press([.character("v")])
        guard case .pager(let opened) = explorer.state.mode else { Issue.record("no pager"); return }
        #expect(opened.title == "QUERY_ROOT · 1 field")
        explorer.press([.escape, .character("G"), .enter])
        let index = explorer.state.record?.rows.firstIndex { $0.field == "commentary" } ?? 0
        explorer.press(Array(repeating: .character("j"), count: index) + [.character("v"), .character("/")])
        #expect(explorer.render().text.contains("search: █"))
        explorer.press(Key.sequence(from: "word3") + [.enter])
        guard case .pager(let pager) = explorer.state.mode else { Issue.record("the pager closed"); return }
        // word3, word30…word39: every row holding one is a match; the first is in view.
        #expect(pager.matches.count >= 2)
        #expect(explorer.state.message?.text.hasPrefix("match 1/\(pager.matches.count)") == true)
        let grid = explorer.render()
        #expect(grid.roleRuns.contains("list.match"))
        explorer.press([.character("n")])
        guard case .pager(let next) = explorer.state.mode else { return }
        #expect(next.top == pager.matches[1] || next.top == max(0, next.rows.count - Pager.textHeight(explorer.state.size)))
        #expect(explorer.state.message?.text.hasPrefix("match 2/") == true)
        explorer.press([.character("N")])
        #expect(explorer.state.message?.text.hasPrefix("match 1/") == true)
        explorer.press(Key.sequence(from: "/") + Key.sequence(from: "naboo") + [.enter])
        #expect(explorer.state.message?.text == "\"naboo\" is not in the text")
    }

    @Test func jShowsTheRecordAsApolloRecordJSONAndAgainGoesBack() throws {
        var explorer = Self.explorer()
        explorer.press([.character("G"), .character("J")])
        guard case .pager(let pager) = explorer.state.mode else { Issue.record("no JSON view: \(explorer.state.mode)"); return }
        #expect(pager.text == """
            {
              "__typename": "Review",
              "author": {"$reference": "Human:1000"},
              "commentary": "\(Self.longText)",
              "stars": 5,
              "tags": [
                "a",
                {"$reference": "Human:1000"}
              ]
            }
            """)
        #expect(explorer.selectedRecordJSON() == pager.text)
        #expect(explorer.pagerText == pager.text)
        #expect(explorer.render().text.contains(#""author": {"$reference": "Human:1000"},"#))
        explorer.press([.character("J")])
        #expect(explorer.state.mode == .normal)
        #expect(explorer.pagerText == nil)
    }

    @Test func eHandsTheTextToTheViewerThroughTheLoop() {
        let seen = SeenTexts()
        let viewer = ExternalViewer(command: "fake-pager") { title, text in seen.add(title + "|" + text); return nil }
        let environment = ExplorerEnvironment(openBackend: ExplorerEnvironment.isolated.openBackend,
                                              loadTheme: ExplorerEnvironment.isolated.loadTheme,
                                              readFile: ExplorerEnvironment.isolated.readFile,
                                              writeFile: ExplorerEnvironment.isolated.writeFile, viewer: viewer)
        let explorer = Self.onCommentary(environment: environment)
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
        terminal.type([.enter, .character("E")])
        var loop = ExplorerLoop(explorer: explorer, terminal: terminal)
        loop.run(untilIdle: true)
        #expect(seen.texts == ["Review:1 · commentary|" + Self.longText])
        #expect(loop.explorer.state.message?.text == "back from fake-pager")
        #expect(loop.explorer.pagerText == Self.longText)
    }

    @Test func eWithNoPagerOrEditorSaysSo() {
        var explorer = Self.onCommentary()
        explorer.press([.enter, .character("E")])
        #expect(explorer.state.message?.text == "neither $PAGER nor $EDITOR is set, so the text cannot be handed to one")
        #expect(explorer.viewRequest == nil)
    }

    @Test func theConsoleReportOpensWholeWithControlV() throws {
        var explorer = try Fixtures.sampleExplorer()
        explorer.press(Self.openConsole + Key.sequence(from: "{ hero(episode: JEDI) { name } }") + [.enter])
        explorer.settle()
        explorer.press([.control("v")])
        guard case .pager(let pager) = explorer.state.mode else { Issue.record("no pager: \(explorer.state.mode)"); return }
        #expect(pager.title == "Query console · report")
        #expect(pager.text.contains("fix: "))
    }

    @Test func theConsoleWrapsItsLinesAt80Columns() throws {
        var explorer = try Fixtures.sampleExplorer()
        explorer.press(Self.openConsole + Key.sequence(from: "{ hero(episode: JEDI) { name } }") + [.enter])
        explorer.settle()
        let report = try #require(explorer.state.console.report)
        let fix = try #require(report.diagnoses.first { $0.contains("fix:") })
        #expect(DisplayWidth.of(fix) > 76, "the fix fits on one line; the test needs a longer one: \(fix)")
        let lines = Renderer.consoleLines(explorer.state, keys: explorer.keyMap, width: 77)
        for line in lines { #expect(DisplayWidth.of(line.0) <= 77) }
        let words = fix.split(separator: " ").joined(separator: " ")
        let start = try #require(lines.firstIndex { $0.0.contains("fix:") })
        let joined = lines[start...].prefix(4).map { $0.0.split(separator: " ").joined(separator: " ") }.joined(separator: " ")
        #expect(joined.contains(words), "the fix is not whole across its lines:\n\(joined)")
    }
}

/// What the fake viewer was given.
private final class SeenTexts: @unchecked Sendable {
    private(set) var texts: [String] = []
    func add(_ text: String) { texts.append(text) }
}
