import CacheExplorer
import GraphQLCache
import Testing

/// The binding tables are the one source of the explorer's keys: every command has a row, a
/// description and a line in help; every `:` command a summary and a line in help; and what the
/// panes hint is what their tables say.
@Suite struct KeyTableTests {
    /// The help overlay's text on a screen tall enough to show all of it.
    private func helpScreen(_ keyMap: KeyMap = .default) -> String {
        var explorer = Explorer(backend: TinyCache.backend(), size: Size(width: 160, height: 80), keyMap: keyMap)
        explorer.press([.character("?")])
        return explorer.render().text
    }

    @Test(arguments: Command.allCases)
    func everyCommandHasABindingRowADescriptionAndAHelpLine(command: Command) throws {
        let row = try #require(GlobalKeys.row(command), "\(command) has no row in GlobalKeys.table")
        #expect(!row.description.isEmpty, "\(command) has no description")
        #expect(!row.label.isEmpty, "\(command) has no hint word")
        #expect(row.action != nil, "\(command) does nothing")
        #expect(!row.stockKeys.isEmpty, "\(command) has no stock key")
        let help = helpScreen()
        let line = help.split(separator: "\n").first { $0.contains(row.description) }
        #expect(line?.contains(KeyMap.default.keyName(command)) == true, "help has no line for \(command)")
    }

    @Test(arguments: LineCommand.allCases)
    func everyLineCommandHasASummaryAndAHelpLine(command: LineCommand) {
        let summary = command.summary(keys: .default)
        #expect(!summary.isEmpty)
        #expect(helpScreen().split(separator: "\n").contains { $0.contains(command.usage) && $0.contains(summary.prefix(30)) },
                "help has no line for \(command)")
    }

    @Test func everyPaneRowRunsSomethingAndRanksAreDistinct() {
        for table in [RecordsKeys.table, RecordKeys.table, WatchesKeys.table, WatchesKeys.workspace, ConsoleKeys.table] {
            for row in table where row.command != nil { #expect(row.action != nil, "\(row.label)") }
            let ranks = table.compactMap(\.hintRank)
            #expect(Set(ranks).count == ranks.count)
        }
    }

    /// Overlays own their keys as the panes do: every command row of an overlay table runs
    /// something, and every row is either an action or a hint.
    @Test func everyOverlayRowRunsSomethingAndRanksAreDistinct() {
        for (title, table) in OverlayKeys.tables {
            for row in table where row.command != nil { #expect(row.action != nil || row.hintRank != nil, "\(title): \(row.label)") }
            for row in table where row.action == nil { #expect(row.hintRank != nil, "\(title): \(row.label) neither runs nor hints") }
            let ranks = table.compactMap(\.hintRank)
            #expect(Set(ranks).count == ranks.count, "\(title)")
        }
    }

    /// The overlays read the user's keys through their rows: remapped moves step the lint
    /// list and the sizes list, and the quit key quits from an overlay.
    @Test func remappedKeysDriveTheListOverlays() throws {
        let keys = try KeyMap.load(json: #"{"moveDown": "x", "moveUp": "z", "quit": "F10"}"#, source: "keys.json")
        var explorer = Explorer(backend: TinyCache.backend(), size: Size(width: 100, height: 30), keyMap: keys)
        explorer.press([.character(":")] + Key.sequence(from: "sizes") + [.enter])
        guard case .sizes(let before) = explorer.state.mode else { Issue.record("no sizes"); return }
        explorer.press([.character("x")])
        guard case .sizes(let moved) = explorer.state.mode else { Issue.record("x closed sizes"); return }
        #expect(moved.selected == min(1, before.rows.count - 1))
        explorer.press([.character("z"), .enter])
        guard case .sizes(let drilled) = explorer.state.mode else { Issue.record("Enter did not drill"); return }
        #expect(drilled.typename == before.rows[0].name)
        explorer.press([.character("j")])
        #expect(explorer.state.mode == .normal, "a key with no row closes the list")
        explorer.press([.character(":")] + Key.sequence(from: "sizes") + [.enter, .function(10)])
        #expect(explorer.state.isFinished, "the user's quit key quits from an overlay")
    }

    @Test func theStockKeyMapIsTheTablesStockKeys() {
        for row in GlobalKeys.table {
            guard let command = row.command else { Issue.record("a global row without a command: \(row.label)"); continue }
            #expect(KeyMap.default.keys(of: command) == row.stockKeys)
        }
    }

    /// Every message that names a key names the key as the user bound it.
    @Test func messagesNameTheUsersKeys() throws {
        let keys = try KeyMap.load(json: #"{"addWatch": "a", "refetch": "F", "edit": "E", "help": "F1", "delete": "x", "undo": "U"}"#,
                                   source: "keys.json")
        var explorer = Explorer(backend: TinyCache.backend(), size: Size(width: 100, height: 30), keyMap: keys)
        explorer.press([.character("F")])
        #expect(explorer.state.message == StatusMessage("no watches: a adds one", isError: true))
        explorer.press([.character("z")])
        #expect(explorer.state.message == StatusMessage("z is not bound; F1 shows the keys", isError: true))
        explorer.press([.enter, .enter, .enter])
        #expect(explorer.state.message?.text.hasSuffix("; E edits it") == true, "\(String(describing: explorer.state.message))")
        var watch = WatchSnapshot(name: "w", summary: "", source: "cache", updateCount: 0, lastChangedKeys: [], resultLines: [])
        watch.readCancelled = true
        #expect(watch.note(keys: keys) == "read cancelled; F reads again")
        explorer.press([.escape])
        let hints = try #require(explorer.render().text.split(separator: "\n").last)
        #expect(hints.contains("x delete") && hints.contains("U undo") && hints.contains("E edit"), "\(hints)")
    }
}

/// The key tables in README.md and docs/EXPLORER.md are the generated ones. With
/// `RECORD_DOCS=1` the test writes them between their markers instead, and fails saying so.
@Suite struct GeneratedDocsTests {
    @Test func readmeKeyTableIsTheGeneratedOne() throws {
        try GeneratedBlock.check("README.md", marker: "keys", KeyMap.default.markdownTable)
    }

    @Test func explorerPageIsGeneratedFromTheTables() throws {
        try GeneratedBlock.check("docs/EXPLORER.md", marker: "keys", KeyMap.default.markdownTable)
        try GeneratedBlock.check("docs/EXPLORER.md", marker: "panes", KeyDocs.paneTables())
        try GeneratedBlock.check("docs/EXPLORER.md", marker: "commands", KeyDocs.lineCommandTable())
        try GeneratedBlock.check("docs/EXPLORER.md", marker: "keynames", KeyDocs.commandNames)
    }
}
