/// One screen cell: a character, the columns it takes, and what it means (its style role).
///
/// A wide character takes two columns: its cell has width 2 and the next cell is a
/// continuation (width 0) that terminals must not draw over.
package struct Cell: Hashable, Sendable {
    /// What is drawn.
    package var character: Character {
        get { glyph.character }
        set { glyph = Glyph(newValue) }
    }
    /// 1 for ordinary characters, 2 for wide ones, 0 for the second column of a wide one.
    package var width: Int {
        get { Int(storedWidth) }
        set { storedWidth = UInt8(newValue) }
    }
    /// What it means; the theme decides how it looks.
    package var role: StyleRole
    /// The character as plain bytes (`Glyph`), so that a grid is memory alone.
    private var glyph: Glyph
    /// The width in one byte: a cell is 24 bytes, not 32, so a 120x40 screen is 115 KB, not
    /// 154 (a grid is made every frame; `FrameMemory` keeps its blocks in the heap).
    private var storedWidth: UInt8

    package init(_ character: Character, width: Int = 1, role: StyleRole = .text) {
        glyph = Glyph(character)
        storedWidth = UInt8(width)
        self.role = role
    }

    /// A printable ASCII byte's cell, one column wide.
    init(ascii byte: UInt8, role: StyleRole) {
        glyph = Glyph(ascii: byte)
        storedWidth = 1
        self.role = role
    }

    /// An empty cell.
    package static let blank = Cell(" ")
}
