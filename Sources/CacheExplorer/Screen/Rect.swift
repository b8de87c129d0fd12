/// A rectangle of cells inside the screen, used to lay out panes and hit-test the mouse.
public struct Rect: Hashable, Sendable {
    public var row: Int
    public var column: Int
    public var width: Int
    public var height: Int

    public init(row: Int, column: Int, width: Int, height: Int) {
        self.row = row
        self.column = column
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle less a one-cell border on every side.
    public var inner: Rect { Rect(row: row + 1, column: column + 1, width: width - 2, height: height - 2) }

    /// Whether the cell at `row`, `column` lies inside.
    public func contains(row r: Int, column c: Int) -> Bool {
        r >= row && r < row + height && c >= column && c < column + width
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
}
