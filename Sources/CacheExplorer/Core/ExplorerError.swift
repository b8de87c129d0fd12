/// The explorer's one error type (files, themes, key maps, input, read-only refusals), with
/// cases a caller can match; the status line and `cachelens` print its `description`.
package enum ExplorerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The backend cannot do this at all.
    case unsupported(String)
    /// The data was opened with `--read-only`.
    case readOnly
    /// User input that does not make sense, with the reason.
    case invalid(String)
    /// A file that cannot be opened, read or written: path and reason.
    case file(path: String, reason: String)
    /// A theme file that cannot be used: the file and what is wrong (unknown role, colour...).
    case theme(source: String, message: String)
    /// A key-binding file that cannot be used: the file and what in it is wrong.
    case keyMap(source: String, message: String)

    package var description: String {
        switch self {
        case .unsupported(let message): return message
        case .readOnly: return "read-only: opened with --read-only, changes are refused"
        case .invalid(let message): return message
        case let .file(path, reason): return "\(path): \(reason)"
        case let .theme(source, message): return "theme \(source): \(message)"
        case let .keyMap(source, message): return "\(source): \(message)"
        }
    }
}
