/// One screen cell: a character, the columns it takes, and what it means (its style role).
///
/// A wide character takes two columns: its cell has width 2 and the next cell is a
/// continuation (width 0) that terminals must not draw over.
package struct Cell: Hashable, Sendable {
    /// What is drawn.
    package var character: Character
    /// 1 for ordinary characters, 2 for wide ones, 0 for the second column of a wide one.
    package var width: Int
    /// What it means; the theme decides how it looks.
    package var role: StyleRole

    package init(_ character: Character, width: Int = 1, role: StyleRole = .text) {
        self.character = character
        self.width = width
        self.role = role
    }

    /// An empty cell.
    package static let blank = Cell(" ")
}
