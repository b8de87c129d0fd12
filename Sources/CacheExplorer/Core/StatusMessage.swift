/// A status-line message: information or an error.
package struct StatusMessage: Hashable, Sendable {
    /// What to say.
    package var text: String
    /// Errors are drawn in the error style.
    package var isError: Bool

    package init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}
