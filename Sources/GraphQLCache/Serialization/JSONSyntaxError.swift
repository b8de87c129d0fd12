/// Where and why a JSON text could not be read: the byte offset, line and column, and what was
/// wrong there. The payload of `GraphQLCacheError.invalidJSON`.
public struct JSONSyntaxError: Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public let offset: Int
    public let line: Int
    public let column: Int

    public init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// A complaint whose position the parser fills in (a `JSONBuilder` rejecting an object).
    public init(unplaced message: String) {
        self.init(message: message, offset: 0, line: 0, column: 0)
    }

    public var description: String { "\(message) at line \(line), column \(column)" }
}
