/// Why an output file could not be written; names the file.
public struct AtomicFileWriterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as given.
    public let path: String
    /// What went wrong.
    public let reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "cannot write \(path): \(reason)" }
}
