/// Where and when the last click landed, so that a second click on the same row soon after is a
/// double click (the loop's clock, as flashes are timed: no terminal double-click report needed,
/// since ncurses reports none with `mouseinterval(0)`).
package struct MouseClick: Hashable, Sendable {
    package var row: Int
    package var column: Int
    package var at: Duration

    package init(row: Int, column: Int, at: Duration) {
        self.row = row
        self.column = column
        self.at = at
    }
}
