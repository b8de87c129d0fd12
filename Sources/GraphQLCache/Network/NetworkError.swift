/// Why a transport produced no GraphQL response. GraphQL `errors` inside a response are not
/// network errors: they travel in `GraphQLResponse.errors`.
///
/// Each case carries enough to name the problem (the status and body, the URL, the reason).
public enum NetworkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server answered with a non-2xx HTTP status; `body` is its text (possibly truncated).
    case http(status: Int, body: String)
    /// The request never got an answer: connection refused, DNS, TLS, …; the message names the URL.
    case transport(String)
    /// No answer within the configured timeout; the message names the URL and the timeout.
    case timedOut(String)
    /// An answer that is not a GraphQL response: not JSON, or JSON of the wrong shape.
    case invalidResponse(String)
    /// `ScriptedTransport` was asked to send with nothing queued.
    case noScriptedResponse
    /// A failure queued on `ScriptedTransport` with `enqueueFailure(_:)`.
    case scripted(String)

    /// A one-line explanation naming the problem, for logs and the harness.
    public var description: String {
        switch self {
        case .http(let status, let body):
            return body.isEmpty ? "HTTP \(status)" : "HTTP \(status): \(body)"
        case .transport(let message): return "transport error: \(message)"
        case .timedOut(let message): return "timed out: \(message)"
        case .invalidResponse(let message): return "invalid response: \(message)"
        case .noScriptedResponse: return "no scripted response queued"
        case .scripted(let message): return message
        }
    }
}
