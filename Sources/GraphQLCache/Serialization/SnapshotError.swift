/// A snapshot that cannot be read: the file (when there is one) and what is wrong with it.
public struct SnapshotError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public enum Problem: Equatable, Sendable {
        /// The text is not JSON; the error has the line and column.
        case json(JSONError)
        /// The JSON is not an object of records.
        case notAnObject(found: String)
        /// One record is not an object of fields, or a field's value is not record JSON
        /// (a bad `$reference`).
        case badRecord(key: String, field: String?, reason: String)
    }

    /// The file's path, nil for a snapshot that came from elsewhere (a harness request).
    public let source: String?
    /// What is wrong with it.
    public let problem: Problem

    /// An error about the snapshot in `source` (nil when it is not a file).
    public init(source: String?, problem: Problem) {
        self.source = source
        self.problem = problem
    }

    /// The problem without the file: `record "K" field "f": reason`.
    public var reason: String {
        switch problem {
        case .json(let error):
            return "not JSON: \(error.message) at line \(error.line), column \(error.column)"
        case .notAnObject(let found):
            return "a snapshot must be a JSON object of records {KEY: {field: value}}, found \(found)"
        case let .badRecord(key, field, reason):
            return "record \"\(key)\"" + (field.map { " field \"\($0)\"" } ?? "") + ": \(reason)"
        }
    }

    /// `FILE:LINE:COLUMN: not JSON: MESSAGE` for JSON errors, `FILE: record "K": …` otherwise.
    public var description: String {
        guard let source else { return reason }
        if case .json(let error) = problem { return "\(source):\(error.line):\(error.column): not JSON: \(error.message)" }
        return "\(source): \(reason)"
    }
}
