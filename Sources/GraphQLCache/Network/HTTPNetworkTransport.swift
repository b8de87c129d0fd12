import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// GraphQL over HTTP: POSTs `{"query","operationName","variables"}` as JSON to a URL and reads
/// the JSON response, so the store can talk to a real endpoint.
///
/// Three outcomes stay distinct: a non-2xx status is `NetworkError.http` (with the body), no
/// answer is `.transport` or `.timedOut` (naming the URL), and a 2xx answer is a `GraphQLResponse`
/// even when it carries GraphQL `errors` next to partial `data`.
public final class HTTPNetworkTransport: NetworkTransport {
    /// The endpoint every request is POSTed to.
    public let url: URL
    /// Extra request headers (authorization, client name, …), sent on every request.
    public let headers: [String: String]
    /// Seconds to wait for the whole exchange before failing with `.timedOut` (fractions honoured).
    public let timeout: TimeInterval

    private let session: URLSession

    /// A transport posting to `url` with `headers`, giving up after `timeout` seconds.
    public init(url: URL, headers: [String: String] = [:], timeout: TimeInterval = 30) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        let configuration = URLSessionConfiguration.ephemeral
        // URLSession's timeouts are whole seconds on Linux; HTTPExchange keeps the exact one.
        configuration.timeoutIntervalForRequest = (timeout + 1).rounded(.up)
        configuration.timeoutIntervalForResource = (timeout + 1).rounded(.up)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        session = URLSession(configuration: configuration)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// The longest part of an error body kept in `NetworkError.http`.
    static let maximumErrorBodyLength = 2_000

    /// POSTs `request` and decodes the answer.
    public func send(_ request: GraphQLRequest) async throws(NetworkError) -> GraphQLResponse {
        let outcome = await HTTPExchange.run(urlRequest(for: request), on: session, timeout: timeout,
                                             describe: "POST \(url.absoluteString)")
        let (body, http) = try outcome.get()
        guard (200..<300).contains(http.statusCode) else {
            let text = String(decoding: body.prefix(Self.maximumErrorBodyLength), as: UTF8.self)
            throw .http(status: http.statusCode, body: text)
        }
        return try decode(body)
    }

    /// The POST request: JSON body, `Content-Type` and `Accept` for GraphQL over HTTP, then the
    /// configured headers (which may override the defaults).
    func urlRequest(for request: GraphQLRequest) -> URLRequest {
        var urlRequest = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData,
                                    timeoutInterval: (timeout + 1).rounded(.up))
        urlRequest.httpMethod = "POST"
        urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        urlRequest.setValue("application/graphql-response+json, application/json", forHTTPHeaderField: "Accept")
        for (name, value) in headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = Data(JSONValue.object(request.jsonObject).jsonText.utf8)
        return urlRequest
    }

    private func decode(_ body: Data) throws(NetworkError) -> GraphQLResponse {
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes: body)
        } catch {
            throw .invalidResponse("\(url.absoluteString) answered with a body that is not JSON: \(error)")
        }
        guard let object = value.objectValue else {
            throw .invalidResponse("\(url.absoluteString) answered with a JSON \(value.kindName), not an object")
        }
        return try GraphQLResponse(json: object)
    }
}
