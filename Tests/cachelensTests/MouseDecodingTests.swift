import CacheExplorer
import CacheExplorerCurses
import Testing

/// The terminal's mouse decoding: a press and its release read together (ncurses then reports a
/// click, or a release alone) are one press for the explorer, never none and never two.
@Suite struct MouseDecodingTests {
    private typealias Buttons = MouseDecoder.Buttons

    @Test func aClickAndAReleaseWithoutItsPressAreEachOnePress() {
        var decoder = MouseDecoder()
        #expect(decoder.action(Buttons(clicked: true), row: 3, column: 4) == .mousePressed(row: 3, column: 4))
        #expect(decoder.action(Buttons(released: true), row: 5, column: 6) == .mousePressed(row: 5, column: 6))
        #expect(decoder.action(Buttons(pressed: true, released: true), row: 7, column: 8) == .mousePressed(row: 7, column: 8))
    }

    @Test func twoClicksReportedAsADoubleClickAreADoubleClick() {
        var decoder = MouseDecoder()
        #expect(decoder.action(Buttons(doubleClicked: true), row: 2, column: 9) == .mouseDoubleClicked(row: 2, column: 9))
    }

    @Test func aPressThenItsReleaseIsOnePress() {
        var decoder = MouseDecoder()
        #expect(decoder.action(Buttons(pressed: true), row: 1, column: 2) == .mousePressed(row: 1, column: 2))
        #expect(decoder.action(Buttons(released: true), row: 1, column: 2) == nil)
        #expect(decoder.action(Buttons(wheelDown: true), row: 1, column: 2) == .mouseScrolled(row: 1, column: 2, lines: 3))
    }
}
