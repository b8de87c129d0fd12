import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// GraphQL over HTTP: POSTs `{"query","operationName","variables"}` as JSON to a URL and reads
/// the JSON response, so the store can talk to a real endpoint.
///
/// Outcomes stay distinct: a non-2xx status is `NetworkFailure.httpGraphQLErrors` when the body is
/// a GraphQL response (its `errors` as sent) and `.http` otherwise (with the body); no answer is
/// `.transport` or `.timedOut` (naming the URL); a body over `maximumResponseSize` is
/// `.tooLarge`; and a 2xx answer is a `TransportResponse` even when it carries GraphQL `errors`
/// next to partial `data`. Redirects: 307/308 re-send the POST with its body; 301/302/303 are
/// refused (`.redirected`, naming the target). A redirect to another origin drops the
/// configured headers and any `Authorization` or `Cookie`, so credentials never leave the
/// origin they were given for.
public final class HTTPNetworkTransport: NetworkTransport {
    /// The endpoint every request is POSTed to.
    public let url: URL
    /// Extra request headers (authorization, client name, …), sent on every request.
    public let headers: [String: String]
    /// Seconds to wait for each exchange before failing with `.timedOut` (fractions honoured).
    public let timeout: TimeInterval
    /// The largest response body accepted, in bytes.
    public let maximumResponseSize: Int

    /// The default size limit: 64 MiB, generous for GraphQL answers, fatal for an endless body.
    public static let defaultMaximumResponseSize = 64 << 20
    /// How many 307/308 hops one request follows.
    static let maximumRedirects = 5
    /// The longest part of an error body kept in `NetworkFailure.http`.
    static let maximumErrorBodyLength = 2_000

    private let session: URLSession
    private let delegate = HTTPSessionDelegate()

    /// A transport posting to `url` with `headers`, giving up after `timeout` seconds and on a
    /// body over `maximumResponseSize` bytes.
    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 30,
                maximumResponseSize: Int = HTTPNetworkTransport.defaultMaximumResponseSize) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maximumResponseSize = maximumResponseSize
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = Self.backstopTimeout(for: timeout)
        configuration.timeoutIntervalForResource = Self.backstopTimeout(for: timeout)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // No URL cache at all: with one, swift-corelibs-foundation looks each request up on a
        // background queue whatever the policy, and a task cancelled during that lookup traps
        // (`Trying to access a behaviour for a task that in not in the registry`).
        configuration.urlCache = nil
        configuration.httpShouldSetCookies = false
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Whether the session looks requests up in a URL cache (it must not: see `init`).
    var sessionHasURLCache: Bool { session.configuration.urlCache != nil }

    /// POSTs `request`, follows 307/308 redirects, and decodes the answer. `timeout` is one
    /// deadline for the whole request, redirects included: given to each hop afresh, a chain
    /// of slow 307s took 10.8 s under a 2 s timeout.
    public func send(_ request: GraphQLRequest) async throws(GraphQLCacheError) -> TransportResponse {
        var target = url
        let deadline = ContinuousClock.now + .milliseconds(Int64((timeout * 1000).rounded(.up)))
        for hop in 0...Self.maximumRedirects {
            let describe = "POST \(target.absoluteString)"
            let left = deadline - ContinuousClock.now
            // The first hop has the whole timeout (its message names it as configured).
            let remaining = hop == 0 ? timeout : Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            guard remaining > 0 else {
                throw .network(.timedOut("POST \(url.absoluteString) got no answer within \(timeout) s (redirected to \(target.absoluteString))"))
            }
            let outcome = await HTTPExchange.run(urlRequest(for: request, to: target), on: session, delegate: delegate,
                                                 timeout: remaining, limit: maximumResponseSize, describe: describe)
            let (body, http) = try outcome.get()
            if let next = try Self.redirectTarget(http, from: target, describe: describe) {
                target = next
                continue
            }
            guard (200..<300).contains(http.statusCode) else { throw .network(failure(status: http.statusCode, body: body)) }
            return try decode(body, from: target)
        }
        throw .network(.redirected(status: 307, location: target.absoluteString,
                                   message: "POST \(url.absoluteString) was redirected more than \(Self.maximumRedirects) times (last to \(target.absoluteString))"))
    }

    /// Where a 307/308 answer sends the request next; nil for any other status. 301/302/303
    /// (which would turn the POST into a GET) and a redirect without `Location` are errors.
    static func redirectTarget(_ http: HTTPURLResponse, from target: URL, describe: String) throws(GraphQLCacheError) -> URL? {
        let status = http.statusCode
        guard [301, 302, 303, 307, 308].contains(status) else { return nil }
        guard let location = http.value(forHTTPHeaderField: "Location"),
              let next = URL(string: location, relativeTo: target)?.absoluteURL else {
            throw .network(.redirected(status: status, location: "",
                                       message: "\(describe) answered HTTP \(status) without a usable Location header"))
        }
        // Only http(s): URLSession would follow a `Location: ftp://…` by logging in there.
        guard let scheme = next.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .network(.redirected(status: status, location: next.absoluteString,
                                       message: "\(describe) was redirected (HTTP \(status)) to \(next.absoluteString), which is not followed: "
                                           + "only http and https redirects are followed"))
        }
        guard status == 307 || status == 308 else {
            throw .network(.redirected(status: status, location: next.absoluteString,
                                       message: "\(describe) was redirected (HTTP \(status)) to \(next.absoluteString); a GraphQL POST is not re-sent as a GET: use that URL"))
        }
        return next
    }

    /// URLSession's own timeout, a backstop well after `timeout`: `HTTPExchange` keeps the exact
    /// deadline (URLSession's are whole seconds on Linux), and a URLSession timeout firing while
    /// a refused redirect's answer is on its way makes swift-corelibs-foundation trap.
    static func backstopTimeout(for timeout: TimeInterval) -> TimeInterval {
        (timeout + 30).rounded(.up)
    }

    /// The POST request to `target`: JSON body, `Content-Type`, `Accept` and `User-Agent`, then
    /// the configured headers (which may override the defaults) — only on the transport's own
    /// origin: after a redirect elsewhere, configured headers, `Authorization` and `Cookie` go.
    func urlRequest(for request: GraphQLRequest, to target: URL? = nil) -> URLRequest {
        let target = target ?? url
        var urlRequest = URLRequest(url: target, cachePolicy: .reloadIgnoringLocalCacheData,
                                    timeoutInterval: Self.backstopTimeout(for: timeout))
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue("application/graphql-response+json, application/json", forHTTPHeaderField: "Accept")
        urlRequest.setValue(CacheLensVersion.userAgent, forHTTPHeaderField: "User-Agent")
        if Self.sameOrigin(target, url) {
            for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        }
        urlRequest.httpBody = Data(JSONValue.object(request.jsonObject).jsonText.utf8)
        return urlRequest
    }

    /// Scheme, host and port equal (default ports filled in).
    static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ url: URL) -> Int? { url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80) }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && port(a) == port(b)
    }

    /// A non-2xx answer: its GraphQL `errors` when the body is a GraphQL response, else its text.
    private func failure(status: Int, body: Data) -> NetworkFailure {
        if let value = try? JSONValue.parse(bytes: body), let object = value.objectValue,
           let response = try? TransportResponse(json: object), !response.errors.isEmpty {
            return .httpGraphQLErrors(status: status, errors: response.errors)
        }
        return .http(status: status, body: String(decoding: body.prefix(Self.maximumErrorBodyLength), as: UTF8.self))
    }

    private func decode(_ body: Data, from target: URL) throws(GraphQLCacheError) -> TransportResponse {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes: body)
        } catch {
            throw .network(.invalidResponse("\(target.absoluteString) answered with a body that is not JSON: \(error)"))
        }
        guard let object = value.objectValue else {
            throw .network(.invalidResponse("\(target.absoluteString) answered with a JSON \(value.kindName), not an object"))
        }
        return try TransportResponse(json: object)
    }
}

extension NetworkTransport {
    /// Where requests go, in a few characters for a status line (`127.0.0.1:8000`,
    /// `api.example.com`): an HTTP transport's host and port; nil for other transports.
    package var endpointName: String? {
        guard let http = self as? HTTPNetworkTransport, let host = http.url.host else { return nil }
        return http.url.port.map { "\(host):\($0)" } ?? host
    }
}
