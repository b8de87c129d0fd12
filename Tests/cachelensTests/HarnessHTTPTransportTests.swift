import CacheTestSupport
import LoopbackHTTP
import Foundation
import GraphQLCache
import Testing

/// `cachelens harness --transport http://…` end to end: a real HTTP server in this process, the
/// real binary fetching from it over 127.0.0.1.
@Suite struct HarnessHTTPTransportTests {
    @Test func networkOnlyFetchWritesTheServerAnswerIntoTheCache() throws {
        let server = try LoopbackHTTPServer { _ in
            .answer(status: 200, contentType: "application/json",
                    body: #"{"data":{"hero":{"__typename":"Droid","id":"2001","name":"R2-D2"}}}"#)
        }
        defer { server.stop() }
        // --no-introspection: this server answers every request with the hero.
        let (lines, status) = try ExecutableLocator.run(["harness", "--transport", server.url.absoluteString, "--no-introspection"], input: """
            {"id":1,"op":"config","cacheKey":{"fields":["id"],"format":"typed"}}
            {"id":2,"op":"fetch","document":"query Hero { hero { id name } }","policy":"networkOnly"}
            {"id":3,"op":"records"}
            {"id":4,"op":"stats"}

            """)
        #expect(status == 0)
        #expect(lines == [
            #"{"id":1,"ok":true}"#,
            #"{"id":2,"ok":true,"results":[{"source":"server","data":{"hero":{"id":"2001","name":"R2-D2"}}}]}"#,
            #"{"id":3,"ok":true,"records":{"Droid:2001":{"__typename":"Droid","id":"2001","name":"R2-D2"},"QUERY_ROOT":{"hero":{"$reference":"Droid:2001"}}}}"#,
            #"{"id":4,"ok":true,"records":2,"networkRequests":1,"watchers":0}"#,
        ])
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/graphql")
        let body = try #require(try JSONValue.parse(request.body).objectValue)
        #expect(body["operationName"] == .string("Hero"))
        #expect(body["query"]?.stringValue?.contains("__typename") == true)
    }

    @Test func serverErrorStatusIsANetworkErrorAndWritesNothing() throws {
        let server = try LoopbackHTTPServer { _ in .answer(status: 500, contentType: "text/plain", body: "database on fire") }
        defer { server.stop() }
        let (lines, status) = try ExecutableLocator.run(["harness", "--transport", server.url.absoluteString], input: """
            {"id":1,"op":"fetch","document":"{ hero { name } }","policy":"networkOnly"}
            {"id":2,"op":"records"}

            """)
        #expect(status == 0)
        #expect(lines.count == 2)
        let failure = try #require(try JSONValue.parse(lines.first ?? "").objectValue)
        #expect(failure["ok"] == .bool(false))
        #expect(failure["error"]?["code"] == .string("network"))
        #expect(failure["error"]?["message"]?.stringValue?.contains("500") == true)
        #expect(lines.last == #"{"id":2,"ok":true,"records":{}}"#)
    }
}
