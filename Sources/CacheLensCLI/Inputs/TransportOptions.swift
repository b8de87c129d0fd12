import ArgumentParser
import Foundation
import GraphQLCache
import SampleServer

/// The network options of `harness` and `explore`, one builder for both: `--transport
/// scripted|sample|URL`, `--endpoint URL` (the same as `--transport URL`), `--header 'Name:
/// Value'` (repeatable), `--timeout SECONDS` and `--max-response-size BYTES` for an http(s)
/// transport, and `--no-introspection` (no schema asked of the endpoint when none is given).
struct TransportOptions: ParsableArguments {
    /// What the options ask for.
    enum Choice: Equatable {
        /// No network: answers only what a script queued (the harness `respond` op).
        case scripted
        /// The in-process Star Wars sample server.
        case sample
        /// A GraphQL server over HTTP.
        case http(url: URL, headers: [String: String], timeout: Double,
                  maximumResponseSize: Int = HTTPNetworkTransport.defaultMaximumResponseSize)
    }

    @Option(help: "'scripted' (no network; the harness answers with what its respond op queued), 'sample' (the offline Star Wars server) or an http(s) URL.")
    var transport: String?

    @Option(help: "A GraphQL endpoint URL (the same as --transport URL).")
    var endpoint: String?

    @Option(name: .customLong("header"), help: "An HTTP header for an http(s) transport, as 'Name: Value'; may be repeated.")
    var headers: [String] = []

    @Option(help: "Seconds an HTTP request may take before it fails.")
    var timeout: Double = 30

    @Option(help: "The largest HTTP response body accepted, in bytes, or with a K, M or G suffix (default 64M).")
    var maxResponseSize: String?

    @Flag(help: "With an http(s) endpoint and no --schema, do not ask the server for its schema (introspection); work without one.")
    var noIntrospection = false

    func validate() throws {
        if let transport, let endpoint, transport != endpoint {
            throw ValidationError("give either --transport or --endpoint, not both")
        }
        do { _ = try choice() } catch { throw ValidationError(error.description) }
    }

    /// The transport asked for; nil when neither `--transport` nor `--endpoint` was given (the
    /// command's default applies).
    func choice() throws(CommandError) -> Choice? {
        guard timeout > 0, timeout.isFinite else {
            throw .invalidOption(name: "--timeout", value: "\(timeout)", reason: "expected a number of seconds above 0")
        }
        let fields = try headerFields()
        let limit = try responseSizeLimit()
        let named = (option: endpoint == nil ? "--transport" : "--endpoint", value: endpoint ?? transport)
        guard let value = named.value else {
            if let header = headers.first { throw .invalidOption(name: "--header", value: header, reason: Self.headerNeedsHTTP) }
            return nil
        }
        if endpoint == nil, value == "scripted" || value == "sample" {
            if let header = headers.first { throw .invalidOption(name: "--header", value: header, reason: Self.headerNeedsHTTP) }
            return value == "sample" ? .sample : .scripted
        }
        guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil else {
            let expected = endpoint == nil ? "expected 'scripted', 'sample' or an http(s) URL" : "expected an http(s) URL"
            throw .invalidOption(name: named.option, value: value, reason: expected)
        }
        return .http(url: url, headers: fields, timeout: timeout, maximumResponseSize: limit)
    }

    /// `--max-response-size` in bytes: a whole number, optionally with K, M or G (powers of 1024).
    private func responseSizeLimit() throws(CommandError) -> Int {
        guard let text = maxResponseSize else { return HTTPNetworkTransport.defaultMaximumResponseSize }
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        var unit = 1
        if let last = digits.last?.uppercased().first, let scale = units[last] {
            unit = scale
            digits = digits.dropLast()
        }
        guard let count = Int(digits), count > 0, count <= Int.max / unit else {
            throw .invalidOption(name: "--max-response-size", value: text, reason: "expected a number of bytes above 0, optionally with K, M or G")
        }
        return count * unit
    }

    private static let headerNeedsHTTP = "needs an http(s) --transport or --endpoint"

    /// `--header` values as a dictionary; a value without a colon is an error naming it.
    private func headerFields() throws(CommandError) -> [String: String] {
        var fields: [String: String] = [:]
        for header in headers {
            guard let colon = header.firstIndex(of: ":"),
                  !header[..<colon].trimmingCharacters(in: .whitespaces).isEmpty else {
                throw .invalidOption(name: "--header", value: header, reason: "expected 'Name: Value'")
            }
            fields[header[..<colon].trimmingCharacters(in: .whitespaces)] =
                header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// The transport for `choice`.
    static func make(_ choice: Choice) throws(CommandError) -> any NetworkTransport {
        switch choice {
        case .scripted: return ScriptedTransport()
        case .sample:
            let directory = try BundledFiles.sampleData()
            do { return try SampleServer(directory: directory) } catch {
                throw .invalidOption(name: "--transport", value: "sample", reason: "the sample server cannot start: \(error)")
            }
        case let .http(url, headers, timeout, limit):
            return HTTPNetworkTransport(url: url, headers: headers, timeout: timeout, maximumResponseSize: limit)
        }
    }
}
