import CacheExplorer

/// Turns ncurses' mouse reports into explorer actions. A press and its release that arrive in
/// one read (over ssh, inside tmux, a quick tap) are reported by ncurses as a click, or as a
/// release alone; the explorer acts on presses, so both count as one. A release after a press
/// already acted on is nothing (a click is not taken twice). Two clicks that arrive in one read
/// are reported as a double click: that is a double click for the explorer (Enter on the row).
package struct MouseDecoder {
    /// The parts of one report that matter, as flags (so the decoding is testable without ncurses).
    package struct Buttons: Equatable {
        package var wheelUp = false, wheelDown = false, pressed = false, clicked = false, released = false
        package var doubleClicked = false

        package init(wheelUp: Bool = false, wheelDown: Bool = false, pressed: Bool = false, clicked: Bool = false,
                     released: Bool = false, doubleClicked: Bool = false) {
            (self.wheelUp, self.wheelDown, self.pressed, self.clicked, self.released) = (wheelUp, wheelDown, pressed, clicked, released)
            self.doubleClicked = doubleClicked
        }
    }

    /// Whether a press was acted on and its release not seen yet.
    private var pressPending = false

    package init() {}

    package mutating func action(_ buttons: Buttons, row: Int, column: Int) -> Action? {
        if buttons.wheelUp { return .mouseScrolled(row: row, column: column, lines: -3) }
        if buttons.wheelDown { return .mouseScrolled(row: row, column: column, lines: 3) }
        if buttons.doubleClicked {
            pressPending = false
            return .mouseDoubleClicked(row: row, column: column)
        }
        if buttons.pressed {
            pressPending = !buttons.released
            return .mousePressed(row: row, column: column)
        }
        if buttons.clicked {
            pressPending = false
            return .mousePressed(row: row, column: column)
        }
        if buttons.released {
            defer { pressPending = false }
            return pressPending ? nil : .mousePressed(row: row, column: column)
        }
        return nil
    }
}
