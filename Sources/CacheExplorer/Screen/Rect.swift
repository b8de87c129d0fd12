/// A rectangle of cells inside the screen, used to lay out panes and hit-test the mouse.
package struct Rect: Hashable, Sendable {
    package var row: Int
    package var column: Int
    package var width: Int
    package var height: Int

    package init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle less a one-cell border on every side.
    package var inner: Rect { Rect(row: row + 1, column: column + 1, width: width - 2, height: height - 2) }

    /// Whether the cell at `row`, `column` lies inside.
    package func contains(row r: Int, column c: Int) -> Bool {
        r >= row && r < row + height && c >= column && c < column + width
    }

    package var isEmpty: Bool { width <= 0 || height <= 0 }
}
