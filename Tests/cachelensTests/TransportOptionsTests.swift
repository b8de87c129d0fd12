import Foundation
import Testing
@testable import CacheLensCLI

/// `--transport`, `--endpoint`, `--header` and `--timeout`, parsed the one way for `harness`
/// and `explore`.
@Suite struct TransportOptionsTests {
    private func choice(_ arguments: [String]) throws -> TransportOptions.Choice? {
        try TransportOptions.parse(arguments).choice()
    }

    @Test func noOptionLeavesTheCommandsDefault() throws {
        #expect(try choice([]) == nil)
        #expect(try choice(["--transport", "sample"]) == .sample)
        #expect(try choice(["--transport", "scripted"]) == .scripted)
    }

    @Test func endpointAndTransportURLAreTheSameWithHeadersAndTimeout() throws {
        let url = URL(string: "http://127.0.0.1:4000/graphql")!
        let expected = TransportOptions.Choice.http(url: url, headers: ["Authorization": "Bearer a:b", "X-Trace": "1"], timeout: 2.5)
        let headers = ["--header", "Authorization: Bearer a:b", "--header", "X-Trace:1", "--timeout", "2.5"]
        #expect(try choice(["--endpoint", url.absoluteString] + headers) == expected)
        #expect(try choice(["--transport", url.absoluteString] + headers) == expected)
        #expect(try choice(["--endpoint", url.absoluteString]) == .http(url: url, headers: [:], timeout: 30))
    }

    @Test func maxResponseSizeTakesBytesOrAUnit() throws {
        let url = URL(string: "http://127.0.0.1:4000/graphql")!
        #expect(try choice(["--endpoint", url.absoluteString, "--max-response-size", "2M"])
                == .http(url: url, headers: [:], timeout: 30, maximumResponseSize: 2 << 20))
        #expect(try choice(["--endpoint", url.absoluteString, "--max-response-size", "5000"])
                == .http(url: url, headers: [:], timeout: 30, maximumResponseSize: 5000))
        #expect(try choice(["--endpoint", url.absoluteString]) == .http(url: url, headers: [:], timeout: 30, maximumResponseSize: 64 << 20))
        let text = TransportOptions.message(for: TransportOptions.validationFailure(
            ["--endpoint", url.absoluteString, "--max-response-size", "lots"]))
        #expect(text.contains("--max-response-size lots: expected a number of bytes above 0"), "\(text)")
    }

    @Test func badValuesAreErrorsNamingTheOption() {
        let cases: [([String], String)] = [
            (["--transport", "ftp://example.com"], "--transport ftp://example.com"),
            (["--endpoint", "sample"], "--endpoint sample: expected an http(s) URL"),
            (["--endpoint", "http://a.example", "--header", "NoColon"], "--header NoColon: expected 'Name: Value'"),
            (["--header", "A: b"], "--header A: b: needs an http(s) --transport or --endpoint"),
            (["--transport", "sample", "--header", "A: b"], "needs an http(s)"),
            (["--endpoint", "http://a.example", "--timeout", "0"], "--timeout 0.0: expected a number of seconds above 0"),
            (["--endpoint", "http://a.example", "--transport", "sample"], "give either --transport or --endpoint"),
        ]
        for (arguments, message) in cases {
            let text = TransportOptions.message(for: TransportOptions.validationFailure(arguments))
            #expect(text.contains(message), "\(arguments): \(text)")
        }
    }
}

extension TransportOptions {
    /// The error parsing `arguments` throws (validation included).
    static func validationFailure(_ arguments: [String]) -> any Error {
        do { _ = try parse(arguments) } catch { return error }
        return CommandError.invalidOption(name: "(none)", value: "", reason: "parsed without an error")
    }
}
