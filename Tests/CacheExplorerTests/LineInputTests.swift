import CacheExplorer
import GraphQLCache
import Testing

/// The line inputs every prompt shares: cursor keys, Home/End/C-a/C-e, deletion, per-prompt
/// history, and pastes that arrive whole.
@Suite struct LineInputTests {
    @Test func cursorKeysMoveAndTypingInsertsAtTheCursor() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character(":")] + Key.sequence(from: "tme") + [.left, .left] + Key.sequence(from: "he"))
        #expect(explorer.state.mode == .command(LineInput("theme", cursor: 3)))
        explorer.press([.control("e"), .character("!"), .home, .character("<"), .end, .backspace, .control("a"), .delete])
        #expect(explorer.state.mode == .command(LineInput("theme", cursor: 0)))
        explorer.press([.right, .right, .control("k")])
        #expect(explorer.state.mode == .command(LineInput("th", cursor: 2)))
        explorer.press([.control("w")])
        #expect(explorer.state.mode == .command(LineInput("", cursor: 0)))
    }

    @Test func controlUDeletesBeforeTheCursorAndControlWAWord() {
        var input = LineInput("hero friends name", cursor: 12)
        input.deleteWordBackward()
        #expect(input == LineInput("hero  name", cursor: 5))
        input.deleteToStart()
        #expect(input == LineInput(" name", cursor: 0))
    }

    @Test func upAndDownRecallEachPromptsOwnHistory() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("/")] + Key.sequence(from: "droid") + [.enter, .escape])
        explorer.press([.character("/"), .control("u")] + Key.sequence(from: "human") + [.enter, .escape])
        explorer.press([.character(":")] + Key.sequence(from: "theme default") + [.enter])
        explorer.press([.character("/"), .control("u")] + Key.sequence(from: "hu"))
        explorer.press([.up])
        guard case .filter(let newest) = explorer.state.mode else { Issue.record("not filtering"); return }
        #expect(newest.text == "human")
        #expect(explorer.state.list.filter == "human")
        explorer.press([.up, .up])
        guard case .filter(let oldest) = explorer.state.mode else { Issue.record("not filtering"); return }
        #expect(oldest.text == "droid")
        explorer.press([.down, .down])
        guard case .filter(let draft) = explorer.state.mode else { Issue.record("not filtering"); return }
        #expect(draft.text == "hu")
        explorer.press([.escape, .character(":"), .up])
        guard case .command(let command) = explorer.state.mode else { Issue.record("no command line"); return }
        #expect(command.text == "theme default")
    }

    @Test func aPastedMultiLineQueryLandsWholeInTheConsoleAndRunsOnlyOnEnter() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("c")])
        explorer.send(.pasted("query Hero {\n  # the droid\n  hero { name }\n}\n"))
        #expect(explorer.state.console.input.text == "query Hero { hero { name } }")
        #expect(explorer.state.console.report == nil)
        #expect(explorer.state.console.error == nil)
        explorer.press([.enter])
        explorer.settle()
        #expect(explorer.state.console.report?.missCount == 0)
    }

    @Test func aPasteIntoTheFilterFiltersOnceWithItsLineBreaksAsSpaces() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("/")])
        explorer.send(.pasted("Human:\n"))
        #expect(explorer.state.mode == .filter(LineInput("Human: ")))
        explorer.press([.backspace])
        #expect(explorer.state.list.count == 2)
    }

    @Test func aPasteOutsideAPromptIsRefusedWithAWordOnWhereItGoes() {
        var (explorer, _) = TinyCache.explorer()
        let before = explorer.state.list
        explorer.send(.pasted("dddd"))
        #expect(explorer.state.list == before)
        #expect(explorer.state.mode == .normal)
        #expect(explorer.state.message?.text == "a paste goes into a prompt: / filters, c opens the query console")
    }

    @Test func typingAHundredThousandCharactersIntoTheFilterFiltersOnceAndDrawsTheEnd() {
        var (explorer, _) = TinyCache.explorer()
        let typed = String(repeating: "x", count: 99_999) + "y"
        explorer.press([.character("/")] + Key.sequence(from: typed))
        #expect(explorer.state.mode == .filter(LineInput(typed)))
        #expect(explorer.state.list.count == 0)
        #expect(explorer.render().text.hasSuffix("xxy█"))
    }

    @Test func aCursorInsideTheTextIsDrawnOnTheCharacterUnderIt() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character(":")] + Key.sequence(from: "gc") + [.left])
        let grid = explorer.render()
        let row = grid.size.height - 1
        #expect(grid.text.hasSuffix("\n:gc"))
        #expect(grid.roleRuns(row: row).contains { $0.columns == 2...2 && $0.role == .inputCursor })
    }

    @Test func aHeadlessTerminalDeliversAPasteWholeThroughTheLoop() {
        let (explorer, _) = TinyCache.explorer()
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24))
        terminal.type([.character("/")])
        terminal.paste("Human:10\n02")
        var loop = ExplorerLoop(explorer: explorer, terminal: terminal)
        loop.run(untilIdle: true)
        #expect(loop.explorer.state.mode == .filter(LineInput("Human:10 02")))
        #expect(terminal.screen.hasSuffix("\n/Human:10 02█"))
    }
}
