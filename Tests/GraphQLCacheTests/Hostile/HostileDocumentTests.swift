import Testing
@testable import GraphQLCache

/// Findings 2 and 3 of issue 15: deep nesting is refused before GraphQL's parser runs (its
/// recursive descent overflows the stack at a few thousand levels), and small documents,
/// schemas and records cannot ask for unbounded work.
@Suite struct HostileDocumentTests {
    private func nested(_ open: String, _ close: String, _ depth: Int, inner: String = "") -> String {
        String(repeating: open, count: depth) + inner + String(repeating: close, count: depth)
    }

    private func documentError(_ source: String, executor: GraphQLExecutor = GraphQLExecutor()) -> GraphQLCacheError? {
        do { _ = try executor.operation(document: source) } catch { return error }
        return nil
    }

    @Test(arguments: [
        ("selections", "{ " + String(repeating: "a { ", count: 5_000) + "b" + String(repeating: " }", count: 5_001)),
        ("inline fragments", "{ " + String(repeating: "... on Q { ", count: 5_000) + "b" + String(repeating: " }", count: 5_001)),
        ("argument values", "{ a(x: " + String(repeating: "[", count: 7_500) + String(repeating: "]", count: 7_500) + ") }"),
        ("list types", "query($v: " + String(repeating: "[", count: 50_000) + "Int" + String(repeating: "]", count: 50_000) + ") { a }"),
    ])
    func deepNestingIsRefusedBeforeTheParserRuns(what: String, source: String) throws {
        guard case .invalidDocument(let message, let locations)? = documentError(source) else {
            Issue.record("\(what): not refused as an invalid document")
            return
        }
        #expect(message.contains("nests deeper than 200 levels"), "\(what)")
        #expect(message.contains("maximumNestingDepth"), "\(what)")
        #expect(locations.count == 1)
    }

    @Test func nestingWithinTheLimitStillReads() throws {
        let depth = 150
        let cache = InMemoryNormalizedCache()
        try cache.merge(records: RecordSet(records: [Record(key: "QUERY_ROOT", ["a": .reference("QUERY_ROOT"), "b": .int(1)])]))
        let executor = GraphQLExecutor()
        let operation = try executor.operation(document: nested("{ a ", "}", depth, inner: "{ b }"))
        let result = try executor.read(operation, from: CacheRecordSource(cache))
        #expect(result.isComplete)
    }

    @Test func bracesInStringsAndCommentsDoNotCount() {
        let scan = NestingScan(limit: 2)
        #expect(scan.firstExcess(in: #"{ a(s: "{{{{[[[(((") # {{{{{{"# + "\n" + #"b(t: """{{{{ \""" {{{""") }"#) == nil)
        #expect(scan.firstExcess(in: "{ a {\n b { c } } }") == DocumentLocation(line: 2, column: 4))
    }

    @Test func aChainOfFragmentsDeeperThanTheLimitIsRefusedWhereThePlanIsBuilt() {
        var source = "{ ...F0 }\n"
        for index in 0..<4_000 { source += "fragment F\(index) on Query { a { ...F\(index + 1) } }\n" }
        source += "fragment F4000 on Query { b }\n"
        guard case .invalidDocument(let message, _)? = documentError(source) else {
            Issue.record("a 4,000-fragment chain was accepted")
            return
        }
        #expect(message.contains("Selections nest deeper than 200 levels once fragments are inlined"))
    }

    @Test func aFragmentBombIsRefusedWhereThePlanIsBuilt() {
        var source = "{ ...F0 }\n"
        for index in 0..<24 { source += "fragment F\(index) on Query { a: x { ...F\(index + 1) } b: y { ...F\(index + 1) } }\n" }
        source += "fragment F24 on Query { leaf }\n"
        #expect(source.utf8.count < 2_000)
        guard case .invalidDocument(let message, let locations)? = documentError(source) else {
            Issue.record("the fragment bomb was accepted")
            return
        }
        #expect(message.contains("more than 200000 selections"))
        #expect(message.contains("maximumSelections"))
        #expect(!locations.isEmpty)
    }

    @Test func aReadWhoseResultPassesTheLimitIsAClearError() throws {
        var configuration = CacheConfiguration()
        configuration.limits.maximumResultValues = 100_000
        let executor = GraphQLExecutor(configuration: configuration)
        let selfReferences = CacheValue.list(Array(repeating: .reference("QUERY_ROOT"), count: 1_000))
        let cache = InMemoryNormalizedCache()
        try cache.merge(records: RecordSet(records: [Record(key: "QUERY_ROOT", ["all": selfReferences, "n": .int(1)])]))
        let operation = try executor.operation(document: "{ all { all { all { n } } } }")
        #expect {
            _ = try executor.read(operation, from: CacheRecordSource(cache))
        } throws: { error in
            guard case GraphQLCacheError.limitExceeded(let message) = error else { return false }
            return message.contains("more than 100000 values") && message.contains("maximumResultValues")
        }
        // One level down is within the limit and reads whole.
        let shallow = try executor.read(try executor.operation(document: "{ all { n } }"), from: CacheRecordSource(cache))
        #expect(shallow.isComplete)
    }
}
