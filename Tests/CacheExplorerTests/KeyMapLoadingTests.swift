import CacheExplorer
import GraphQLCache
import Testing

@Suite struct KeyMapLoadingTests {
    @Test func aCommandNamedInTheFileGetsExactlyItsKeysAndOthersKeepTheirs() throws {
        let map = try KeyMap.load(json: #"{"moveDown": ["j", "C-n"], "quit": "x"}"#, source: "keys.json")
        #expect(map.command(for: .control("n")) == .moveDown)
        #expect(map.command(for: .down) == nil)
        #expect(map.command(for: .character("x")) == .quit)
        #expect(map.command(for: .character("Q")) == nil)
        #expect(map.command(for: .character("k")) == .moveUp)
        #expect(map.helpRows.contains { $0.keys == "j / C-n" && $0.description == "move down" })
        #expect(map.helpRows.contains { $0.keys == "x" && $0.description == "quit" })
    }

    @Test func aRemappedKeyDrivesTheExplorer() throws {
        let map = try KeyMap.load(json: #"{"moveDown": "o"}"#, source: "keys.json")
        let cache = InMemoryNormalizedCache(records: try Fixtures.sampleRecords())
        var explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "sample"),
                                size: Size(width: 80, height: 24), keyMap: map)
        #expect(explorer.state.list.selected == 0)
        explorer.press([.character("o")])
        #expect(explorer.state.list.selected == 1)
        explorer.press([.character("j")])
        #expect(explorer.state.list.selected == 1)
    }

    @Test func mistakesAreNamed() {
        let cases: [(String, String)] = [
            (#"{"jump": "j"}"#, #"unknown command "jump""#),
            (#"{"moveDown": "Hyper-j"}"#, #"command "moveDown": unknown key "Hyper-j""#),
            (#"{"moveDown": "z", "moveUp": "z"}"#, #"key "z" is given to both "moveDown" and "moveUp""#),
            (#"{"moveDown": 3}"#, #"command "moveDown": expected a key name or a list of them, found integer"#),
            (#"["j"]"#, "expected a JSON object of command to keys"),
            (#"{"moveDown": "j",}"#, "not JSON"),
            (#"{"moveDown": "c"}"#, #"command "queryConsole" is left without a key ("c" now runs "moveDown"); give it one"#),
            (#"{"help": []}"#, #"command "help" is left without a key; give it one"#),
        ]
        for (text, message) in cases {
            #expect(throws: ExplorerError.self, "\(text)") { try KeyMap.load(json: text, source: "keys.json") }
            do {
                _ = try KeyMap.load(json: text, source: "keys.json")
            } catch {
                #expect(error.description.hasPrefix("keys.json: "), "\(error)")
                #expect(error.description.contains(message), "\(error)")
            }
        }
    }
}
