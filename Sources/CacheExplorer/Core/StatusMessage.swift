/// A status-line message: information or an error.
public struct StatusMessage: Hashable, Sendable {
    /// What to say.
    public var text: String
    /// Errors are drawn in the error style.
    public var isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}
