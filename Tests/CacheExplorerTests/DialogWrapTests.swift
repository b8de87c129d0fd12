import CacheExplorer
import GraphQLCache
import Testing

/// Dialog lines wrap to the dialog (a watch line used to end mid-word); a dialog taller than
/// the screen scrolls, keeping the keys it reads in view and saying how much is out of view.
@Suite struct DialogWrapTests {
    static let names = ["TheHeroNameSeenFromTheDroidsPointOfView", "TheHeroNameAsTheRebellionRecordsIt", "AThirdWatchOnTheHero"]

    @Test func theDeleteDialogWrapsItsWatchLineWhole() throws {
        var explorer = try Fixtures.sampleExplorer()
        for name in Self.names {
            explorer.press([.character("w")] + Key.sequence(from: "query \(name) { hero { name } }") + [.enter])
            explorer.settle()
        }
        // Adding a watch focuses the watches pane; Tab goes back to the records.
        if explorer.state.focus == .watches { explorer.press([.tab]) }
        #expect(explorer.state.focus == .records)
        explorer.press([.character("d")])
        let screen = explorer.render().text
        // The dialog's inside (72 columns centred on 80), its rows joined.
        let text = screen.split(separator: "\n").map { line in
            let characters = Array(line)
            return String(characters[min(5, characters.count)..<min(75, characters.count)]).split(separator: " ").joined(separator: " ")
        }.joined(separator: " ")
        #expect(text.contains("watches \(Self.names.joined(separator: ", ")) will show the miss (no network)"), "\(screen)")
        #expect(screen.contains("y deletes"))
    }

    @Test func aDialogTallerThanTheScreenScrollsAndKeepsItsKeys() throws {
        var explorer = try Fixtures.sampleExplorer(size: Size(width: 40, height: 12))
        for name in Self.names {
            explorer.press([.character("w")] + Key.sequence(from: "query \(name) { hero { name } }") + [.enter])
            explorer.settle()
        }
        if explorer.state.focus == .watches { explorer.press([.tab]) }
        explorer.press([.character("D")] + Key.sequence(from: "o") + [.enter])
        let screen = explorer.render().text
        #expect(screen.contains("y deletes"), "\(screen)")
        #expect(screen.contains("more ↓"), "\(screen)")
        for line in screen.split(separator: "\n") { #expect(DisplayWidth.of(String(line)) <= 40) }
    }
}
