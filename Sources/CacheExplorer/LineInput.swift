/// A one-line text input (filter, command line, patterns).
public struct LineInput: Hashable, Sendable {
    public var text: String

    public init(_ text: String = "") { self.text = text }
}
