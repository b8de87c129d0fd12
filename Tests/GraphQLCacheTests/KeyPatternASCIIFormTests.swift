import GraphQLCache
import Testing

/// A pattern's form on ASCII keys must give exactly `matches`'s answer: the SQLite key index
/// tests a million ASCII keys with it.
@Suite struct KeyPatternASCIIFormTests {
    static let asciiKeys = [
        "Item:1", "item:k", "ITEM:K", "Kelvin", "a;b", "a`b", "x\r\ny", "\r", "\n", "a\rb", "i", "I", "ss", "SS",
        "fi", "e", "E", "e1", "", "QUERY_ROOT.hero(episode:JEDI)", "a b", "\u{1}", "~", "Ohm", "omega",
    ]
    static let patterns = [
        "é", "É", "\u{212A}", "\u{212A}ELVIN", "item:\u{212A}", "İ", "\u{130}tem", "\u{37E}", "a\u{37E}b", "\u{1FEF}",
        "a\u{1FEF}b", "\r\n", "x\r\ny", "\u{301}", "e\u{301}", "ß", "ﬁ", "\u{2126}", "Ｉ", "Itemé", "Item", "\r", "k",
    ]

    @Test func theASCIIFormAgreesWithTheFullTestOnEveryASCIIKey() {
        for text in Self.patterns {
            let pattern = KeyPattern(text)
            for key in Self.asciiKeys {
                let expected = pattern.matches(key)
                switch pattern.asciiKeyForm {
                case .pattern(let ascii):
                    #expect(ascii.isASCII)
                    #expect(ascii.matches(key) == expected, "\(text.debugDescription) in \(key.debugDescription)")
                case .noMatch:
                    #expect(!expected, "\(text.debugDescription) in \(key.debugDescription)")
                case .unknown:
                    break
                }
            }
        }
    }

    @Test func aCharacterNoASCIIKeyHasMatchesNoASCIIKey() {
        #expect(KeyPattern("Itemé").asciiKeyForm == .noMatch)
        #expect(KeyPattern("e\u{301}").asciiKeyForm == .noMatch)
    }

    @Test func anASCIIPatternIsItsOwnForm() {
        #expect(KeyPattern("Item:9").asciiKeyForm == .pattern(KeyPattern("Item:9")))
    }

    @Test func aCharacterEquivalentToAnASCIICharacterBecomesIt() {
        #expect(KeyPattern("a\u{37E}b").asciiKeyForm == .pattern(KeyPattern("a;b")))
    }

    @Test func lineBreaksAreLeftToTheFullTest() {
        #expect(KeyPattern("\u{37E}\r\n").asciiKeyForm == .unknown)
        #expect(KeyPattern("\u{37E}\r").asciiKeyForm == .unknown)
    }
}
