/// Everything that can go wrong in GraphQLCache: one error type for the whole module, so a
/// caller (the harness, the explorer, an app) matches cases instead of guessing among types.
/// Every message names what went wrong where: the document position, variable, type, response
/// path, record key, file, or URL.
///
/// Domains with rich detail carry it as a payload value (`NetworkFailure`, `JSONSyntaxError`,
/// `SnapshotProblem`, `BrokenRecord`, `CacheMiss`), which callers can match further
/// (`catch GraphQLCacheError.network(.timedOut(let message))`).
public enum GraphQLCacheError: Error, Sendable, Equatable, CustomStringConvertible {
    // MARK: Documents and schemas
    /// Syntax or validation error in an operation or fragment document.
    case invalidDocument(message: String, locations: [DocumentLocation])
    /// A required variable is missing, or a variable value does not fit its type.
    case invalidVariables(name: String, message: String)
    /// The schema SDL (or an extension, a policy) cannot be loaded.
    case invalidSchema(String)
    /// The work asked for passes one of `CacheLimits` (the message names it and how to raise it).
    case limitExceeded(String)

    // MARK: Reading and writing data
    /// Response data that does not fit the document (a missing field, an object where a scalar
    /// was selected, ...), at a response path.
    case invalidData(path: [PathComponent], message: String)
    /// A read that could not be completed from the cache.
    case cacheMiss(CacheMiss)

    // MARK: Stored data and files
    /// A record whose stored JSON cannot be read: the record's key and what is wrong.
    case brokenRecord(BrokenRecord)
    /// A text that is not JSON, with where it went wrong.
    case invalidJSON(JSONSyntaxError)
    /// A snapshot that cannot be read: its file (nil when it did not come from one) and why.
    case invalidSnapshot(source: String?, problem: SnapshotProblem)
    /// An output file that could not be written; names the file.
    case fileNotWritten(path: String, reason: String)
    /// The cache failed (a broken file); the message names it.
    case storage(String)
    /// A journal (`cachelens record`) that cannot be read or does not describe its cache; names
    /// the file.
    case journal(path: String, problem: JournalProblem)

    // MARK: The store
    /// A transaction was used after its closure returned.
    case transactionClosed
    /// A transaction was opened inside a read-write transaction of the same store, on the same
    /// thread (use the transaction you have instead).
    case nestedTransaction

    // MARK: The network
    /// The transport produced no GraphQL response (no answer, a non-2xx status, a refused
    /// redirect, a body that is not a GraphQL response, …).
    case network(NetworkFailure)
    /// The server's data does not fit the document (it cannot be normalized).
    case invalidResponse(String)
    /// The server answered with neither data nor errors.
    case noResults

    public var description: String {
        switch self {
        case .invalidDocument(let message, let locations):
            let at = locations.map(\.description).joined(separator: ", ")
            return at.isEmpty ? message : "\(message) (at \(at))"
        case .invalidVariables(let name, let message): return "variable \"$\(name)\": \(message)"
        case .invalidSchema(let message): return "invalid schema: \(message)"
        case .limitExceeded(let message): return message
        case .invalidData(let path, let message):
            let at = path.map(\.description).joined(separator: ".")
            return at.isEmpty ? "invalid data: \(message)" : "invalid data at \(at): \(message)"
        case .cacheMiss(let miss): return miss.description
        case .brokenRecord(let broken): return broken.description
        case .invalidJSON(let error): return error.description
        case .invalidSnapshot(let source, let problem): return problem.description(source: source)
        case .fileNotWritten(let path, let reason): return "cannot write \(path): \(reason)"
        case .storage(let message): return message
        case .journal(let path, let problem): return "journal \(path): \(problem)"
        case .transactionClosed: return "the transaction was used after its closure returned"
        case .nestedTransaction: return "a transaction was opened inside a read-write transaction of the same store"
        case .network(let failure): return "network: \(failure)"
        case .invalidResponse(let message): return "invalid response data: \(message)"
        case .noResults: return "the server returned neither data nor errors"
        }
    }
}

extension GraphQLCacheError {
    /// The broken record this error is about, when it is one (`.brokenRecord`).
    public var brokenRecord: BrokenRecord? {
        if case .brokenRecord(let broken) = self { return broken }
        return nil
    }

    /// The network failure this error is about, when it is one (`.network`).
    public var networkFailure: NetworkFailure? {
        if case .network(let failure) = self { return failure }
        return nil
    }
}

