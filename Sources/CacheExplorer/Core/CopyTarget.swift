/// What a copy takes: the text, and how the status line names it (`Droid:2001.friends[1]
/// value`, `key Droid:2001`).
package struct CopyTarget: Hashable, Sendable {
    /// The text put on the clipboard.
    package var text: String
    /// What it is, for `copied … , 14 bytes`.
    package var what: String

    package init(text: String, what: String) {
        self.text = text
        self.what = what
    }
}
