import CacheExplorer
import GraphQLCache
import Testing

/// Issue 25, finding 18: a key name that a terminal sends as another key's byte (`C-i` is
/// Tab) is refused by `--keys`, naming both, instead of being listed in help and never firing.
@Suite struct KeyAliasTests {
    @Test(arguments: [("C-i", "Tab"), ("C-m", "Enter"), ("C-j", "Enter"), ("C-h", "Backspace"), ("C-[", "Esc")])
    func aControlKeyThatIsAnotherKeysByteIsRefusedNamingBoth(name: String, alias: String) {
        let error = #expect(throws: ExplorerError.self) {
            _ = try KeyMap.load(json: #"{"moveDown": ["j", "\#(name)"]}"#, source: "keys.json")
        }
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains("\"\(name)\"") && message.contains("\"\(alias)\""), "\(message)")
    }

    @Test func controlLettersOfTheirOwnAreStillAccepted() throws {
        let map = try KeyMap.load(json: #"{"moveDown": ["j", "C-n"], "moveUp": ["k", "C-p"]}"#, source: "keys.json")
        #expect(map.command(for: .control("n")) == .moveDown)
        #expect(map.command(for: .control("p")) == .moveUp)
    }
}
