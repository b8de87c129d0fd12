import CacheTestSupport
import Testing
@testable import CacheExplorer

/// The one wrapping function: lines never wider than asked (in display columns), breaks at
/// spaces, words wider than a line cut, wide characters never split, and a cut ends in `…`.
@Suite struct TextWrapTests {
    @Test func breaksAtSpacesWithinTheWidth() {
        #expect(TextWrap.lines("read with the arguments that were fetched", width: 14)
                == ["read with the", "arguments that", "were fetched"])
    }

    @Test func aLineOfExactlyTheWidthStaysOneLine() {
        #expect(TextWrap.lines("abcd efgh", width: 9) == ["abcd efgh"])
        #expect(TextWrap.lines("abcd efgh", width: 8) == ["abcd", "efgh"])
        #expect(TextWrap.lines("abcdefgh", width: 8) == ["abcdefgh"])
    }

    @Test func aWordWiderThanTheLineIsCut() {
        #expect(TextWrap.lines("hero(episode:JEDI){name}", width: 10) == ["hero(episo", "de:JEDI){n", "ame}"])
        #expect(TextWrap.lines("a verylongword", width: 5) == ["a", "veryl", "ongwo", "rd"])
    }

    @Test func wideCharactersCountTwoColumnsAndAreNeverSplit() {
        let lines = TextWrap.lines("映画映画映画 ab", width: 5)
        #expect(lines == ["映画", "映画", "映画", "ab"])
        for line in lines { #expect(DisplayWidth.of(line) <= 5) }
        #expect(TextWrap.lines("名前 映画", width: 4) == ["名前", "映画"])
    }

    @Test func lineBreaksInTheTextStartNewLines() {
        #expect(TextWrap.lines("one\ntwo three", width: 20) == ["one", "two three"])
        #expect(TextWrap.lines("a\n\nb", width: 5) == ["a", "", "b"])
    }

    @Test func continuationLinesKeepTheIndentation() {
        #expect(TextWrap.lines("  fix: fetch it again", width: 12) == ["  fix: fetch", "  it again"])
    }

    @Test func invisibleCharactersAreMeasuredAsTheyAreShown() {
        let lines = TextWrap.lines("a\tb", width: 3)
        #expect(lines == ["a\\t", "b"])
    }

    @Test func styledPiecesKeepTheirRoles() {
        let lines = TextWrap.lines([("delete ", .dialog), ("Droid:2001", .keyRoot), (" now", .dialog)], width: 10)
        #expect(lines.map { $0.map(\.0).joined() } == ["delete", "Droid:2001", "now"])
        #expect(lines[1].map(\.1) == [.keyRoot])
        #expect(lines[0].map(\.1) == [.dialog])
    }

    @Test func fitCutsWithAnEllipsis() {
        #expect(TextWrap.fit("R2-D2 and C-3PO", width: 8) == "R2-D2 a…")
        #expect(TextWrap.fit("R2-D2", width: 5) == "R2-D2")
        #expect(TextWrap.fit("映画映画", width: 4) == "映…")
        #expect(DisplayWidth.of(TextWrap.fit("映画映画", width: 4)) <= 4)
    }

    @Test func theGridEndsACutLineWithAnEllipsis() {
        var grid = Grid(size: Size(width: 10, height: 2))
        grid.put("a long value that is cut", row: 0, column: 0)
        grid.put("fits here", row: 1, column: 0)
        #expect(grid.text == "a long va…\nfits here")
        var wide = Grid(size: Size(width: 5, height: 1))
        wide.put("映画映画", row: 0, column: 0)
        #expect(wide.text == "映画…")
    }

    /// A line that fits is taken whole without being broken into characters; it must come out
    /// exactly as the character-by-character wrap gives it, whatever it holds: wide and
    /// combining characters, invisible ones, emoji sequences, tabs and newlines.
    @Test func aFittingLineComesOutAsTheCharacterWrapGivesIt() {
        let pieces = ["a", " ", "✓ ", "映", "e\u{301}", "\u{200B}", "👩‍💻", "\t", "\n", "x y", "\u{1b}"]
        var random = SplitMix(seed: 31)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let width = Int.random(in: 0...12, using: &random)
            for asciiOnly in [false, true] {
                let expected = text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
                    let characters = Array(VisibleText.shown(String(paragraph), asciiOnly: asciiOnly))
                    return TextWrap.breaks(characters, width: width).map { line in
                        String(repeating: " ", count: line.indent) + String(characters[line.range])
                    }
                }
                #expect(TextWrap.lines(text, width: width, asciiOnly: asciiOnly) == expected,
                        "\(text.debugDescription) in \(width) columns")
            }
        }
    }
}
