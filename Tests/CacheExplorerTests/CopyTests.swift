import GraphQLCache
import Testing
@testable import CacheExplorer

/// `y` copies what is selected and `Y` its path or key form, through the terminal's clipboard
/// escape (OSC 52); the status line says what and how many bytes; a copy too big for a
/// terminal's clipboard is refused with its size.
@Suite struct CopyTests {
    /// Droid:2001 open with its friends list expanded and `[1]` selected.
    private func secondFriendSelected() -> (Explorer, StoreBackend) {
        var (explorer, backend) = TinyCache.explorer(size: Size(width: 120, height: 40))
        explorer.press([.character("j"), .enter, .character("j"), .character("j"), .enter, .character("j"), .character("j")])
        return (explorer, backend)
    }

    @Test func yInTheListCopiesTheSelectedKey() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("j"), .character("y")])
        #expect(explorer.state.pendingCopy == "Droid:2001")
        #expect(explorer.state.message == StatusMessage("copied key Droid:2001, 10 bytes"))
    }

    @Test func yOnAListElementCopiesItsValueAndCapitalYItsPath() {
        var (explorer, _) = secondFriendSelected()
        #expect(explorer.state.record?.selectedRow?.label == "[1]")
        explorer.press([.character("y")])
        #expect(explorer.takePendingCopy() == "Human:9999")
        #expect(explorer.state.message == StatusMessage("copied Droid:2001.friends[1] value, 10 bytes"))
        explorer.press([.character("Y")])
        #expect(explorer.takePendingCopy() == "Droid:2001.friends[1]")
        #expect(explorer.state.message == StatusMessage("copied path Droid:2001.friends[1], 21 bytes"))
    }

    @Test func aStringIsCopiedAsItIsAndAListAsJSON() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("j"), .enter, .character("G"), .character("y")])
        #expect(explorer.takePendingCopy() == "R2-D2")
        explorer.press([.character("k"), .character("y")])
        #expect(explorer.takePendingCopy() == #"[{"$reference":"Human:1000"},{"$reference":"Human:9999"}]"#)
    }

    @Test func theLoopWritesTheClipboardEscapeToTheTerminalOnce() {
        let (explorer, _) = TinyCache.explorer()
        let terminal = HeadlessTerminal(size: Size(width: 80, height: 24), actions: [.keyPressed(.character("j")), .keyPressed(.character("y"))])
        var loop = ExplorerLoop(explorer: explorer, terminal: terminal)
        loop.run(untilIdle: true)
        #expect(terminal.clipboardWrites == ["\u{1B}]52;c;RHJvaWQ6MjAwMQ==\u{07}"])
        #expect(loop.explorer.state.pendingCopy == nil)
    }

    @Test func aCopyOverTheLimitIsRefusedWithItsSize() throws {
        let big = String(repeating: "x", count: ClipboardEscape.limit + 1)
        let cache = InMemoryNormalizedCache(records: RecordSet(records: [Record(key: "Big:1", ["text": .string(big)])]))
        var explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "big"), size: Size(width: 80, height: 24))
        explorer.press([.enter, .character("y")])
        #expect(explorer.state.pendingCopy == nil)
        #expect(explorer.state.message == StatusMessage(
            "not copied: Big:1.text value is 1,000,001 bytes; a terminal clipboard (OSC 52) takes at most 1,000,000", isError: true))
    }

    @Test func theConsoleCopiesItsResultWithAKeyThatIsNotText() throws {
        var explorer = try Fixtures.sampleExplorer(size: Size(width: 140, height: 30))
        explorer.openConsole()
        explorer.press(Key.sequence(from: "{ hero { name } }") + [.enter])
        explorer.settle()
        #expect(explorer.render().text.contains("C-y copy"))
        explorer.press([.control("y")])
        let copied = explorer.takePendingCopy() ?? ""
        #expect(copied.contains("name: \"R2-D2\""), "\(copied)")
        #expect(explorer.state.console.input.text == "{ hero { name } }")
        #expect(explorer.state.message?.text.hasPrefix("copied the console's result, ") == true)
    }

    @Test(arguments: [("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
                      ("foobar", "Zm9vYmFy"), ("é→", "w6nihpI=")])
    func base64IsRFC4648(text: String, encoded: String) {
        #expect(ClipboardEscape.base64(Array(text.utf8)) == encoded)
    }
}
