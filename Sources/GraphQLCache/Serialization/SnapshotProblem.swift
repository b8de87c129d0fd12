/// What is wrong with a snapshot that cannot be read. The payload of
/// `GraphQLCacheError.invalidSnapshot`, beside the file it came from.
public enum SnapshotProblem: Equatable, Sendable {
    /// The text is not JSON; the error has the line and column.
    case json(JSONSyntaxError)
    /// The JSON is not an object of records.
    case notAnObject(found: String)
    /// One record is not an object of fields, or a field's value is not record JSON
    /// (a bad `$reference`).
    case badRecord(key: String, field: String?, reason: String)

    /// The problem without the file: `record "K" field "f": reason`.
    public var reason: String {
        switch self {
        case .json(let error):
            return "not JSON: \(error.message) at line \(error.line), column \(error.column)"
        case .notAnObject(let found):
            return "a snapshot must be a JSON object of records {KEY: {field: value}}, found \(found)"
        case let .badRecord(key, field, reason):
            return "record \"\(key)\"" + (field.map { " field \"\($0)\"" } ?? "") + ": \(reason)"
        }
    }

    /// `FILE:LINE:COLUMN: not JSON: MESSAGE` for JSON errors, `FILE: record "K": …` otherwise;
    /// the reason alone when there is no file.
    public func description(source: String?) -> String {
        guard let source else { return reason }
        if case .json(let error) = self { return "\(source):\(error.line):\(error.column): not JSON: \(error.message)" }
        return "\(source): \(reason)"
    }
}
