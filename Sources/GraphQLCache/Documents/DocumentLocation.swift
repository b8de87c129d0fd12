/// A line and column in a GraphQL source text, both starting at 1.
public struct DocumentLocation: Hashable, Sendable, CustomStringConvertible {
    /// Line, from 1.
    public let line: Int
    /// Column, from 1.
    public let column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}
