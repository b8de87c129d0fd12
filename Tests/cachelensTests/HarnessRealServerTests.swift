import CacheTestSupport
import Foundation
import GraphQLCache
import Testing

/// `cachelens harness` against a real GraphQL server process (Ariadne on 127.0.0.1): the
/// second edition's network lines, end to end through the program a script runs.
@Suite(.enabled(if: AriadneServer.isAvailable, Comment(rawValue: AriadneServer.unavailableReason ?? "")))
struct HarnessRealServerTests {
    private let server: AriadneServer

    init() throws {
        server = try AriadneServer.shared.get()
    }

    private func lines(_ arguments: [String], _ input: [String]) throws -> [JSONObject] {
        let result = try CacheLensProcess.run(["harness"] + arguments, input: input.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").map { line in
            try #require(try JSONValue.parse(String(line)).objectValue)
        }
    }

    @Test func aBadRequestCarriesTheStatusAndTheGraphQLErrors() throws {
        // Without a schema, so that the server (not validation) refuses the document.
        let out = try lines(["--endpoint", server.graphQL.absoluteString, "--no-introspection"],
                            [#"{"id":1,"op":"fetch","document":"{ nope }","policy":"networkOnly"}"#])
        let error = try #require(out.first?["error"])
        #expect(error["code"] == .string("network"))
        #expect(error["httpStatus"] == .int(400))
        #expect(error["errors"]?.arrayValue?.first?["message"] == .string("Cannot query field 'nope' on type 'Query'."))
    }

    @Test func fetchWatchRefetchAndUpdateOverARealServer() throws {
        let out = try lines(["--endpoint", server.graphQL.absoluteString], [
            #"{"id":1,"op":"config","cacheKey":{"fields":["id"]}}"#,
            #"{"id":2,"op":"watch","watch":"w","document":"{ hero { id name } }"}"#,
            #"{"id":3,"op":"update","document":"{ hero { id name } }","set":[{"path":["hero","name"],"value":"Artoo"}]}"#,
            #"{"id":4,"op":"refetch","watch":"w"}"#,
            #"{"id":5,"op":"fetch","document":"{ hero { name } }","policy":"cacheOnly"}"#,
        ])
        #expect(out[1]["results"] == .array([.object(["source": .string("server"),
                                                      "data": .object(["hero": .object(["id": .string("2001"), "name": .string("R2-D2")])])])]))
        #expect(out[2]["event"] == .string("watch"))
        #expect(out[2]["data"]?["hero"]?["name"] == .string("Artoo"))
        #expect(out[3]["changedKeys"] == .array([.string("Droid:2001.name")]))
        #expect(out[4]["results"]?.arrayValue?.first?["data"]?["hero"]?["name"] == .string("R2-D2"))
        #expect(out[5]["results"]?.arrayValue?.first?["dependentKeys"] == .array([.string("Droid:2001.name"), .string("QUERY_ROOT.hero")]))
    }

    @Test func aBodyOverMaxResponseSizeIsANetworkErrorSayingHowToRaiseIt() throws {
        let out = try lines(["--endpoint", server.graphQL.absoluteString, "--max-response-size", "10K"],
                            [#"{"id":1,"op":"fetch","document":"{ big(count: 2000) { id text } }","policy":"networkOnly"}"#])
        #expect(out.first?["error"]?["code"] == .string("network"))
        #expect(out.first?["error"]?["message"]?.stringValue?.contains("--max-response-size") == true)
    }

    @Test func versionNamesTheOneVersion() throws {
        let result = try CacheLensProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "cachelens \(CacheLensVersion.current)\n")
    }
}

/// `cachelens harness --endpoint URL` without `--schema` asks the server for its schema
/// (introspection) and says so on stderr; a server that refuses gets a one-line reason and the
/// harness goes on without a schema; `--no-introspection` asks nothing.
@Suite(.enabled(if: AriadneServer.isAvailable, Comment(rawValue: AriadneServer.unavailableReason ?? "")))
struct HarnessIntrospectionTests {
    private let server: AriadneServer

    init() throws {
        server = try AriadneServer.shared.get()
    }

    private static let input = #"{"id":1,"op":"read","document":"{ nope }"}"# + "\n"

    @Test func withoutASchemaTheEndpointsSchemaIsIntrospectedAndValidatesDocuments() throws {
        let url = server.graphQL.absoluteString
        let result = try CacheLensProcess.run(["harness", "--endpoint", url], input: Self.input)
        #expect(result.status == 0)
        #expect(result.stderr == "schema: introspected from \(url) (12 types)\n")
        #expect(result.stdout.contains(#""code":"invalidDocument""#) && result.stdout.contains("Cannot query field"), "\(result.stdout)")
    }

    @Test func aServerRefusingIntrospectionGetsAOneLineReasonAndNoSchema() throws {
        let url = server.url("graphql-no-introspection").absoluteString
        let result = try CacheLensProcess.run(["harness", "--endpoint", url], input: Self.input)
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("schema: not introspected from \(url): HTTP 400 with GraphQL errors: "), "\(result.stderr)")
        #expect(result.stderr.contains("introspection") && result.stderr.contains("going on without a schema"))
        // No schema: the document is not validated, and the read is a plain miss.
        #expect(result.stdout.contains(#""code":"cacheMiss""#), "\(result.stdout)")
    }

    @Test func theExplorerIntrospectsItsEndpointToo() throws {
        let url = server.graphQL.absoluteString
        // `measure-explorer` opens what `explore` would, without a terminal.
        let result = try CacheLensProcess.run(["measure-explorer", "--endpoint", url], executable: CacheLensProcess.bench)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "schema: introspected from \(url) (12 types)\n")
    }

    @Test func noIntrospectionAsksNothingAndAGivenSchemaWins() throws {
        let url = server.graphQL.absoluteString
        let refused = try CacheLensProcess.run(["harness", "--endpoint", url, "--no-introspection"], input: Self.input)
        #expect(refused.stderr.isEmpty && refused.stdout.contains(#""code":"cacheMiss""#))
        let schema = PackageFiles.sample("starwars.graphqls")
        let given = try CacheLensProcess.run(["harness", "--endpoint", url, "--schema", schema], input: Self.input)
        #expect(given.stderr.isEmpty, "\(given.stderr)")
        #expect(given.stdout.contains(#""code":"invalidDocument""#))
    }
}
