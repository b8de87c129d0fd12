import CacheExplorer
import Testing

/// `Tab` on the `:` line completes command names and file paths, cycling when ambiguous.
@Suite struct CommandCompletionTests {
    private let folders: [String: [String]] = [
        ".": ["sample-data/", "squads.json", "squads-b.json", ".hidden.json", "README.md"],
        "sample-data/": ["operations/", "sample-cache.json"],
    ]

    private func complete(_ text: String) -> (text: String, completion: CommandCompletion?) {
        CommandCompletion.complete(text, listDirectory: { folders[$0] ?? [] })
    }

    @Test func aUniquePrefixCompletesTheCommandName() {
        #expect(complete("ex").text == "export ")
        #expect(complete("th").text == "theme ")
        #expect(complete("zz").text == "zz")
        #expect(complete("zz").completion == nil)
    }

    @Test func anAmbiguousCommandCyclesOnRepeatedTab() {
        let first = complete("")
        #expect(first.text == "open")
        let completion = try! #require(first.completion)
        #expect(completion.candidates.first == "open")
        #expect(completion.candidates.contains("quit"))
        #expect(completion.next().text == "watch")
    }

    @Test func pathsCompleteAfterACommandThatTakesAFile() {
        #expect(complete("open sample").text == "open sample-data/")
        #expect(complete("open sample-data/sa").text == "open sample-data/sample-cache.json ")
        let shared = complete("open sq")
        #expect(shared.text == "open squads")
        let completion = try! #require(shared.completion)
        #expect(completion.candidates == ["squads-b.json", "squads.json"])
        let next = completion.next()
        #expect(next.text == "open squads-b.json")
        #expect(next.completion.next().text == "open squads.json")
        #expect(complete("open .h").text == "open .hidden.json ")
        #expect(complete("theme li").text == "theme li", "themes take a name, not a file")
    }

    @Test func tabOnTheCommandLineCompletesAndShowsTheCandidates() {
        var explorer = SquadsCache.explorer(environment: ExplorerEnvironment(
            openBackend: { _ in throw ExplorerError.invalid("no") }, loadTheme: { _ in .default },
            readFile: { _ in "" }, writeFile: { _, _ in }, listDirectory: { _ in ["squads.json", "squads-b.json"] }))
        explorer.press([.character(":"), .character("o"), .tab])
        #expect(explorer.state.mode == .command(LineInput("open ")))
        explorer.press([.character("s"), .tab])
        #expect(explorer.state.mode == .command(LineInput("open squads")))
        #expect(explorer.render().text.contains(":open squads█  squads-b.json  squads.json"))
        explorer.press([.tab])
        #expect(explorer.state.mode == .command(LineInput("open squads-b.json")))
        explorer.press([.tab])
        #expect(explorer.state.mode == .command(LineInput("open squads.json")))
        explorer.press([.backspace])
        #expect(explorer.state.completion == nil)
    }
}
