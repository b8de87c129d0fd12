import CacheExplorer
import GraphQLCache
import Testing

/// Keys as data with a reason to be off: read-only refuses every change with one message, help
/// and hints grey out what is refused, and `:` commands come from one table.
@Suite struct CommandAvailabilityTests {
    @Test(arguments: [Command.edit, .delete, .deleteByPattern, .undo])
    func readOnlyDisablesEveryCommandThatChangesData(command: Command) {
        let (explorer, _) = TinyCache.explorer(readOnly: true)
        #expect(explorer.state.disabledReason(for: command) == .readOnly)
    }

    @Test func readOnlyRefusesTheKeysWithTheReasonAndChangesNothing() {
        var (explorer, _) = TinyCache.explorer(readOnly: true)
        let before = explorer.state
        for key in ["d", "D", "u"] {
            explorer.press(Key.sequence(from: key))
            #expect(explorer.state.mode == .normal, "\(key)")
            #expect(explorer.state.message == StatusMessage(ExplorerError.readOnly.description, isError: true), "\(key)")
        }
        explorer.press([.character(":")] + Key.sequence(from: "gc") + [.enter])
        #expect(explorer.state.mode == .normal)
        #expect(explorer.state.message == StatusMessage(ExplorerError.readOnly.description, isError: true))
        #expect(explorer.state.list == before.list)
    }

    @Test func undoIsDisabledUntilThereIsSomethingToUndo() {
        var (explorer, _) = TinyCache.explorer()
        #expect(explorer.state.disabledReason(for: .undo) == .nothingToUndo)
        explorer.press([.character("G"), .character("d"), .character("y")])
        #expect(explorer.state.disabledReason(for: .undo) == nil)
    }

    /// The hint line's pieces in `hint.disabled` on the screen's last row.
    private func greyedHints(_ grid: Grid) -> [String] {
        let row = grid.size.height - 1
        return grid.roleRuns(row: row).filter { $0.role == .hintDisabled }.map { run in
            String(run.columns.map { grid[row, $0].character })
        }
    }

    @Test func theHintLineGreysOutWhatReadOnlyRefusesAndShowsTheRest() {
        let (writable, _) = TinyCache.explorer(size: Size(width: 120, height: 24))
        #expect(greyedHints(writable.render()) == ["u undo"])
        let (readOnly, _) = TinyCache.explorer(size: Size(width: 120, height: 24), readOnly: true)
        let text = readOnly.render().text
        for hint in ["? help", "w watch", "c query", "q quit"] { #expect(text.contains(hint), "\(hint)") }
        #expect(greyedHints(readOnly.render()) == ["d delete", "D by pattern", "u undo"])
    }

    @Test func helpGreysOutRefusedCommandsAndSaysWhy() throws {
        var (explorer, _) = TinyCache.explorer(size: Size(width: 120, height: 40), readOnly: true)
        explorer.press([.character("?"), .pageDown])
        let grid = explorer.render()
        let text = grid.text
        #expect(text.contains("delete record / remove watch (read-only)"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let row = try #require(lines.firstIndex { $0.contains("delete record / remove watch (read-only)") })
        #expect(grid.roleRuns(row: row).contains { $0.role == .hintDisabled })
        // The `:` commands follow the keys, a page or two further down.
        var commands = text
        for _ in 0..<5 where !commands.contains(":gc") {
            explorer.press([.pageDown])
            commands = explorer.render().text
        }
        #expect(commands.contains("delete records no root reaches (preview first) (read-only)"))
    }

    @Test func anUnknownCommandListsEveryCommandOfTheTable() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character(":")] + Key.sequence(from: "frobnicate") + [.enter])
        let message = explorer.state.message?.text ?? ""
        for command in LineCommand.allCases { #expect(message.contains(":\(command.rawValue)"), "\(command)") }
        #expect(message.contains(":filter"))
    }

    @Test func messagesNameTheUndoKeyAsBound() throws {
        let keyMap = try KeyMap.load(json: #"{"undo": "z"}"#, source: "keys.json")
        var explorer = Explorer(backend: TinyCache.backend(), size: Size(width: 80, height: 24), keyMap: keyMap)
        explorer.press([.character("G"), .character("d"), .character("y")])
        #expect(explorer.state.message?.text == "deleted Human:1002; z undoes")
    }
}
