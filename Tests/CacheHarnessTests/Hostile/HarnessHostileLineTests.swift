import GraphQLCache
import Testing
@testable import CacheHarness

/// Findings 2, 3 and 10 of issue 15 as the harness meets them: deep or explosive documents
/// are clear errors and the harness goes on, numbers are not silently changed.
@Suite struct HarnessHostileLineTests {
    private func response(_ line: String, on harness: Harness = Harness(cache: InMemoryNormalizedCache())) throws -> JSONObject {
        let lines = harness.handle(line: line)
        guard case .object(let object) = try JSONValue.parse(try #require(lines.last)) else { throw HarnessError.badRequest("no object") }
        return object
    }

    private func errorCode(_ object: JSONObject) -> String? {
        guard case .object(let error)? = object["error"], case .string(let code)? = error["code"] else { return nil }
        return code
    }

    private func line(_ object: JSONObject) -> String { JSONValue.object(object).jsonText }

    @Test(arguments: [
        "{ " + String(repeating: "a { ", count: 5_000) + "b" + String(repeating: " }", count: 5_001),
        "{ a(x: " + String(repeating: "[", count: 7_500) + String(repeating: "]", count: 7_500) + ") }",
    ])
    func aDeepDocumentIsAnInvalidDocumentAndTheHarnessGoesOn(document: String) throws {
        let harness = Harness(cache: InMemoryNormalizedCache())
        let answer = try response(line(["id": .int(1), "op": .string("read"), "document": .string(document)]), on: harness)
        #expect(errorCode(answer) == "invalidDocument")
        #expect(answer["id"] == .int(1))
        #expect(try response(#"{"id":2,"op":"stats"}"#, on: harness)["ok"] == .bool(true))
    }

    @Test func aDeepSchemaIsAnInvalidSchema() throws {
        let sdl = "type Query { f(a: Int = " + String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000) + "): Int }"
        #expect(errorCode(try response(line(["op": .string("schema"), "sdl": .string(sdl)]))) == "invalidSchema")
    }

    @Test func aFragmentChainDeeperThanTheLimitIsAnInvalidDocument() throws {
        var document = "{ ...F0 }\n"
        for index in 0..<4_000 { document += "fragment F\(index) on Query { a { ...F\(index + 1) } }\n" }
        document += "fragment F4000 on Query { b }\n"
        let answer = try response(line(["op": .string("read"), "document": .string(document)]))
        #expect(errorCode(answer) == "invalidDocument")
    }

    @Test func aPassedLimitIsReportedAsUnsupportedWithItsMessage() {
        // The read limit itself is exercised in HostileDocumentTests (a default-sized run reads
        // five million values, too slow for a unit test); here, how the harness reports it.
        let error = Harness.harnessError(GraphQLCacheError.limitExceeded("more than 5 values"))
        #expect(error.code == .unsupported)
        #expect(error.message == "more than 5 values")
    }

    @Test(arguments: ["123456789012345678901234567890", "1e-400"])
    func aNumberThatCannotBeHeldExactlyIsABadRequest(number: String) throws {
        let answer = try response(#"{"id":1,"op":"merge","records":{"K":{"n":"# + number + "}}}")
        #expect(errorCode(answer) == "badRequest")
        #expect(answer["ok"] == .bool(false))
    }
}
