/// A terminal size in character cells: what `render` draws into and what `resized` reports.
package struct Size: Hashable, Sendable, CustomStringConvertible {
    /// Columns.
    package var width: Int
    /// Rows.
    package var height: Int

    package init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    package var description: String { "\(width)x\(height)" }
}
