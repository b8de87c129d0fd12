import CacheExplorer
import GraphQLCache
import Testing

@Suite struct QueryConsoleTests {
    @Test func theConsoleMarksHitsAndMissesAndSaysWhatEachPolicyWouldDo() throws {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("q")] + Key.sequence(from: "{ hero { name nickname friends { name } } }") + [.enter])
        #expect(explorer.state.focus == .query)
        let report = try #require(explorer.state.console.report)
        #expect(report.missCount == 2)
        #expect(report.lines == [
            .init(depth: 0, text: "hero", status: .hit),
            .init(depth: 1, text: "name: \"R2-D2\"", status: .hit),
            .init(depth: 1, text: "friends [2]", status: .hit),
            .init(depth: 2, text: "[0]", status: .hit),
            .init(depth: 3, text: "name: \"Luke\"", status: .hit),
            .init(depth: 2, text: "[1]: danglingReference at Droid:2001 field friends → Human:9999", status: .miss),
            .init(depth: 1, text: "nickname: missingField at Droid:2001 field nickname", status: .miss),
        ])
        #expect(report.policyVerdicts.first == "returnCacheDataElseFetch: would go to the network because of 2 misses")
    }

    @Test func nearMissesAreNamed() throws {
        let backend = StoreBackend(cache: InMemoryNormalizedCache(records: RecordSet(records: [
            Record(key: .queryRoot, ["hero(episode:EMPIRE)": .reference("Human:1000")]),
            Record(key: "Human:1000", ["name": .string("Luke")]),
        ])), sourceName: "t")
        let report = try backend.explain(document: "{ hero(episode: JEDI) { name } }", variables: nil)
        #expect(report.lines == [.init(depth: 0, text: "hero: missingField at QUERY_ROOT field hero(episode:JEDI); near misses: hero(episode:EMPIRE)", status: .miss)])
    }

    @Test func anInvalidDocumentIsShownAsAnError() {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("q")] + Key.sequence(from: "{ hero {") + [.enter])
        #expect(explorer.state.console.report == nil)
        #expect(explorer.state.console.error?.isEmpty == false)
        explorer.send(.keyPressed(.escape))
        #expect(explorer.state.focus == .records)
    }
}

@Suite struct QueryConsoleVariablesTests {
    @Test func tabSwitchesToTheVariablesAndTheyAreUsed() throws {
        var (explorer, _) = TinyCache.explorer()
        explorer.press([.character("q")] + Key.sequence(from: "query H($id: ID!) { human(id: $id) { name } }") + [.tab]
            + Key.sequence(from: #"{"id":"1000"}"#) + [.enter])
        #expect(explorer.state.console.variables == LineInput(#"{"id":"1000"}"#))
        let report = try #require(explorer.state.console.report)
        #expect(report.lines == [.init(depth: 0, text: "human: missingField at QUERY_ROOT field human(id:1000)", status: .miss)])
    }
}
