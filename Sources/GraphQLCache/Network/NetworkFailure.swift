/// Why a transport produced no GraphQL response: the payload of `GraphQLCacheError.network`.
/// GraphQL `errors` inside a response are not network failures: they travel in
/// `TransportResponse.errors`.
///
/// Each case carries enough to name the problem (the status and body, the URL, the reason).
public enum NetworkFailure: Sendable, Equatable, CustomStringConvertible {
    /// The server answered with a non-2xx HTTP status; `body` is its text (possibly truncated).
    case http(status: Int, body: String)
    /// The server answered with a non-2xx HTTP status and a GraphQL response body (Ariadne,
    /// Mercurius and Shopify answer 400 when `data` is null): its `errors` as the server sent them.
    case httpGraphQLErrors(status: Int, errors: [JSONObject])
    /// A redirect the transport will not follow: 301/302/303 to a POST would turn it into a
    /// bodiless GET, and more than a few hops is a loop. Names the status and the target.
    case redirected(status: Int, location: String, message: String)
    /// The response body passed the transport's size limit (bytes); the message names the URL.
    case tooLarge(limit: Int, String)
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
        case .httpGraphQLErrors(let status, let errors):
            let messages = errors.compactMap { $0["message"]?.stringValue }
            return "HTTP \(status) with GraphQL errors: " + messages.joined(separator: "; ")
        case .redirected(_, _, let message): return message
        case .tooLarge(let limit, let message):
            return "response too large: \(message) sent more than \(limit) bytes (raise the limit with --max-response-size)"
        case .transport(let message): return "transport error: \(message)"
        case .timedOut(let message): return "timed out: \(message)"
        case .invalidResponse(let message): return "invalid response: \(message)"
        case .noScriptedResponse: return "no scripted response queued"
        case .scripted(let message): return message
        }
    }
}

extension NetworkFailure {
    /// The HTTP status of a failure that had one (a non-2xx answer or a refused redirect).
    public var httpStatus: Int? {
        switch self {
        case .http(let status, _), .httpGraphQLErrors(let status, _), .redirected(let status, _, _): return status
        default: return nil
        }
    }

    /// The GraphQL `errors` a non-2xx answer carried, as the server sent them; empty otherwise.
    public var graphQLErrors: [JSONObject] {
        if case .httpGraphQLErrors(_, let errors) = self { return errors }
        return []
    }
}
