/// Everything that goes wrong in the sample server, the module's one error type: why it could not
/// start (sample data missing, unreadable or malformed: each case names the file and entry), and
/// the field errors its resolvers report inside a response.
public enum SampleServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No directory with the sample files was found; lists the places searched.
    case sampleDataNotFound(searched: [String])
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The fixture data does not have the expected shape; `message` names the entry.
    case invalidData(path: String, message: String)
    /// The schema file does not parse or does not build.
    case invalidSchema(path: String, message: String)
    /// The schema builds but cannot be made executable (a type the rebuild cannot place).
    case notExecutable(String)
    /// A field that cannot be resolved from the sample data; the message is the field error.
    ///
    /// Deliberately not a `GraphQLError`: GraphQL 4.3.0's executor passes a thrown `GraphQLError`
    /// through unchanged, without the field's `path` and `locations`, but wraps any other error
    /// with both, which is what a real server reports.
    case unresolvableField(String)

    /// A one-line explanation naming the file and the problem.
    public var description: String {
        switch self {
        case .sampleDataNotFound(let searched):
            return "no sample-data directory (with starwars.graphqls) found; searched: \(searched.joined(separator: ", "))"
        case .unreadableFile(let path, let reason): return "\(path): cannot read: \(reason)"
        case .invalidData(let path, let message): return "\(path): \(message)"
        case .invalidSchema(let path, let message): return "\(path): invalid schema: \(message)"
        case .notExecutable(let message), .unresolvableField(let message): return message
        }
    }
}
