import Foundation
import CacheExplorer
import Testing

@Suite struct GridTests {
    @Test func wideCharactersTakeTwoColumns() {
        var grid = Grid(size: Size(width: 6, height: 1))
        let used = grid.put("映画ab", row: 0, column: 0)
        #expect(used == 6)
        #expect(grid[0, 0].width == 2)
        #expect(grid[0, 1].width == 0)
        #expect(grid[0, 4].character == "a")
        #expect(grid.text == "映画ab")
    }

    @Test func textThatDoesNotFitEndsWithAnEllipsis() {
        var grid = Grid(size: Size(width: 3, height: 1))
        grid.put("a映画", row: 0, column: 0)
        #expect(grid.text == "a…")
        var narrow = Grid(size: Size(width: 2, height: 1))
        narrow.put("a映", row: 0, column: 0)
        #expect(narrow.text == "a…")
        #expect(narrow[0, 1].width == 1)
    }

    /// Printable ASCII takes a shorter way into the grid; it must write what the general way
    /// writes: the same text with one non-ASCII letter of the same width goes the general way.
    @Test func asciiTextIsWrittenAsTheGeneralWayWritesTextOfTheSameWidths() {
        for column in 0...4 {
            for limit in [nil, 0, 1, 2, 3, 5, 9] as [Int?] {
                var ascii = Grid(size: Size(width: 6, height: 1)), general = ascii
                let usedASCII = ascii.put("abcdefg", row: 0, column: column, role: .border, limit: limit)
                let usedGeneral = general.put("ébcdefg", row: 0, column: column, role: .border, limit: limit)
                #expect(usedASCII == usedGeneral, "column \(column), limit \(String(describing: limit))")
                #expect(ascii.text == general.text.replacingOccurrences(of: "é", with: "a"), "column \(column), limit \(String(describing: limit))")
                #expect(ascii.cells.map(\.role) == general.cells.map(\.role))
            }
        }
    }

    /// A cell holds its character as bytes (15 inline, longer ones by number): every kind comes
    /// back as it went in, and two cells are equal exactly when their characters' bytes are.
    @Test func aCellGivesBackTheCharacterItWasGiven() {
        let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"   // 25 bytes
        let characters: [Character] = ["a", "~", " ", "é", "映", "e\u{301}\u{323}", "🇫🇷", "\u{1F}",
                                       Character("e" + String(repeating: "\u{301}", count: 7)),   // 15 bytes
                                       Character("e" + String(repeating: "\u{301}", count: 8)),   // 17 bytes
                                       Character(family)]
        for character in characters {
            #expect(Cell(character).character == character)
            #expect(String(Cell(character).character).utf8.elementsEqual(String(character).utf8))
        }
        #expect(Cell(Character(family)) == Cell(Character(family)))
        #expect(Cell("a", role: .border) != Cell("b", role: .border))
        #expect(Cell(Character(family)) != Cell(characters[9]))
        var cell = Cell("x")
        cell.character = Character(family)
        #expect(cell.character == Character(family))
    }

    @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
        var grid = Grid(size: Size(width: 4, height: 1))
        grid.put("映画", row: 0, column: 0)
        grid.put("x", row: 0, column: 1)
        #expect(grid.text == " x画")
    }

    @Test func textTrimsTrailingSpacesAndKeepsRows() {
        var grid = Grid(size: Size(width: 5, height: 2))
        grid.put("ab", row: 1, column: 1)
        #expect(grid.text == "\n ab")
    }

    @Test func aCharacterWithCombiningMarksStaysWholeInOneCell() {
        var grid = Grid(size: Size(width: 4, height: 1))
        #expect(grid.put("e\u{301}\u{323}x", row: 0, column: 0) == 2)
        #expect(grid[0, 0].character.unicodeScalars.map(\.value) == [0x65, 0x301, 0x323])
        #expect(grid[0, 1].character == "x")
    }

    @Test func displayWidthCountsCombiningMarksAsZero() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("日本") == 4)
        #expect(DisplayWidth.of("abc") == 3)
    }

    /// Printable ASCII is counted a byte a column without breaking the text into characters;
    /// anything else (a control, a wide or combining character) still goes character by
    /// character, so both ways agree.
    @Test func displayWidthOfTextAgreesWithItsCharactersWidths() {
        var random = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "Z", " ", "~", "\t", "\u{7F}", "\u{1B}", "é", "e\u{301}", "日", "\u{200B}", "😀", "\r\n"]
        for _ in 0..<500 {
            let text = String((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) }, "\(text.debugDescription)")
        }
        #expect(DisplayWidth.of("a\u{7}b\u{7F}") == 2)
    }

    @Test func roleRunsNameEachRunOfNonTextRolesByColumns() {
        var grid = Grid(size: Size(width: 10, height: 3))
        grid.put("ab", row: 0, column: 0)
        grid.put("sel", row: 1, column: 2, role: .listSelection)
        grid.put("x", row: 1, column: 5, role: .valueDangling)
        grid.fill(Rect(row: 2, column: 0, width: 10, height: 1), role: .statusBar)
        #expect(grid.roleRuns == "1: 2-4 list.selection, 5-5 value.dangling\n2: 0-9 status.bar")
    }
}
