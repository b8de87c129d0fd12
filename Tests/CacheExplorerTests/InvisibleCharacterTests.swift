import GraphQLCache
import Testing
@testable import CacheExplorer

/// Issue 25, findings 14 and 15: characters that would not show (zero-width, right-to-left
/// override, line separators, controls), and under an ASCII-only terminal every non-ASCII
/// character, are drawn as `\u{…}` escapes in keys and values, never dropped, so that two
/// different keys never look the same.
@Suite struct InvisibleCharacterTests {
    private func screen(_ records: [Record], asciiOnly: Bool = false, selecting row: Int = 0) -> String {
        let cache = InMemoryNormalizedCache(records: RecordSet(records: records))
        var explorer = Explorer(backend: StoreBackend(cache: cache, sourceName: "invisible"), size: Size(width: 100, height: 20))
        explorer.state.asciiOnly = asciiOnly
        explorer.press(Array(repeating: .character("j"), count: row))
        return explorer.render().text
    }

    @Test func invisibleCharactersInKeysAreShownAsEscapes() {
        let text = screen([
            Record(key: "A\u{200B}B", ["x": .int(1)]),
            Record(key: "AB", ["x": .int(2)]),
            Record(key: "evil\u{202E}txt", ["x": .int(3)]),
            Record(key: "one\u{2028}two", ["x": .int(4)]),
        ])
        #expect(text.contains(#"A\u{200B}B"#), "\(text)")
        #expect(text.contains(#"evil\u{202E}txt"#), "\(text)")
        #expect(text.contains(#"one\u{2028}two"#), "\(text)")
    }

    @Test func controlCharactersInValuesAreShownAsEscapes() {
        let text = screen([Record(key: "Note:1", ["text": .string("line1\nline2\tTab\u{0}end")])])
        #expect(text.contains(#"line1\nline2\tTab\u{0}end"#), "\(text)")
    }

    @Test func anASCIIOnlyTerminalShowsEveryOtherCharacterAsAnEscape() {
        let text = screen([
            Record(key: "\u{DC}n\u{EF}:1", ["x": .int(1)]),
            Record(key: "\u{DC}n\u{EE}:1", ["name": .string("Zo\u{EB}")]),
        ], asciiOnly: true)
        #expect(text.contains(#"\u{DC}n\u{EF}:1"#), "\(text)")
        #expect(text.contains(#"\u{DC}n\u{EE}:1"#), "\(text)")
        #expect(text.contains(#"Zo\u{EB}"#), "\(text)")
    }
}
