import CacheExplorer
import GraphQLCache
import Testing

@Suite struct KeyMapTests {
    @Test func helpRowsListEachCommandOnceWithAllItsKeys() {
        let rows = KeyMap.default.helpRows
        #expect(rows.first?.keys == "j / Down")
        #expect(rows.first?.description == "move down")
        #expect(rows.count == Set(KeyMap.default.bindings.map(\.command)).count)
    }

    @Test func rebindingAKeyChangesBothBehaviourAndHelp() {
        var keyMap = KeyMap.default
        keyMap.bind(.character("x"), to: .delete)
        #expect(keyMap.command(for: .character("x")) == .delete)
        #expect(keyMap.helpRows.contains { $0.keys == "d / x" && $0.description == "delete record / remove watch" })
    }

    @Test func theHintLineNamesTheKeysAsBoundForTheFocusedPane() throws {
        var keyMap = KeyMap.default
        keyMap.bind(.character("?"), to: .filter)
        keyMap.bind(.function(1), to: .help)
        let cache = InMemoryNormalizedCache(records: try Fixtures.sampleRecords())
        var explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "sample"), size: Size(width: 80, height: 24),
                                keyMap: keyMap)
        #expect(explorer.render().text.hasSuffix("\n F1 help  / filter  d delete  D by pattern  u undo  w watch  c query  q quit"))
        explorer.press([.enter])
        #expect(explorer.render().text.hasSuffix("\n F1 help  e edit  Enter follow  d delete  u undo  w watch  c query  q quit"))
    }

    @Test func keyNamesRoundTrip() {
        for name in ["j", "Enter", "Backspace", "Esc", "PgDn", "C-c", "F1", "Space", "Tab"] {
            #expect(Key(name: name)?.description == name)
        }
        #expect(Key.sequence(from: "droid") == "droid".map { Key.character($0) })
    }
}
