/// Why a `SampleServer` could not start: the sample data is missing, unreadable or malformed.
/// Each case names the file (and, for data, the entry) at fault.
public enum SampleServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No directory with the sample files was found; lists the places searched.
    case sampleDataNotFound(searched: [String])
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The fixture data does not have the expected shape; `message` names the entry.
    case invalidData(path: String, message: String)
    /// The schema file does not parse or does not build.
    case invalidSchema(path: String, message: String)

    /// A one-line explanation naming the file and the problem.
    public var description: String {
        switch self {
        case .sampleDataNotFound(let searched):
            return "no sample-data directory (with starwars.graphqls) found; searched: \(searched.joined(separator: ", "))"
        case .unreadableFile(let path, let reason): return "\(path): cannot read: \(reason)"
        case .invalidData(let path, let message): return "\(path): \(message)"
        case .invalidSchema(let path, let message): return "\(path): invalid schema: \(message)"
        }
    }
}
